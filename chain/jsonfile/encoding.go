package jsonfile

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// bom is the UTF-8 byte-order mark, which JSON files may start with.
const bom = "\xef\xbb\xbf"

// CheckEncoding checks that data is UTF-8 text and returns it without a UTF-8
// byte-order mark. UTF-16 and UTF-32 (told by their byte-order marks or by the
// NUL bytes of their ASCII) are refused naming the encoding; invalid UTF-8 is
// a *SyntaxError naming UTF-8, the byte offset (in data, a byte-order mark
// included) and its line:column. Every Hewn loader calls it first (Parse and
// Check do).
func CheckEncoding(data []byte) ([]byte, error) {
	for _, e := range []struct {
		bom  string
		name string
	}{
		{"\x00\x00\xfe\xff", "UTF-32 (big-endian)"}, {"\xff\xfe\x00\x00", "UTF-32 (little-endian)"},
		{"\xfe\xff", "UTF-16 (big-endian)"}, {"\xff\xfe", "UTF-16 (little-endian)"},
	} {
		if bytes.HasPrefix(data, []byte(e.bom)) {
			return nil, encodingErr(e.name)
		}
	}
	if enc := utf16Or32(data); enc != "" {
		return nil, encodingErr(enc)
	}
	if i := bytes.IndexByte(data[:min(len(data), 8<<10)], 0); i >= 0 {
		return nil, SyntaxAt(data, i, fmt.Sprintf("a NUL byte at byte offset %d: this is not a text file (Hewn reads UTF-8 JSON)", i))
	}
	body := bytes.TrimPrefix(data, []byte(bom))
	skip := len(data) - len(body)
	if utf8.Valid(body) {
		return body, nil
	}
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRune(body[i:])
		if r == utf8.RuneError && size <= 1 {
			return nil, SyntaxAt(body, i, fmt.Sprintf("invalid UTF-8 (byte 0x%02X at byte offset %d); save the file as UTF-8", body[i], skip+i))
		}
		i += size
	}
	return body, nil
}

// utf16Or32 names the encoding of data when it is JSON in UTF-16 or UTF-32
// without a byte-order mark: its first character is one a JSON text starts
// with ('{', '[', a space, ...) and the NUL bytes around it are that
// encoding's; "" otherwise (binary data with NUL bytes is not UTF-16).
func utf16Or32(data []byte) string {
	if len(data) < 2 || data[0] != 0 && data[1] != 0 {
		return ""
	}
	start := func(b byte) bool { return b != 0 && strings.IndexByte("{[ \t\r\n\"-0123456789tfn", b) >= 0 }
	zero := func(b []byte) bool { return len(bytes.Trim(b, "\x00")) == 0 }
	switch {
	case len(data) >= 4 && zero(data[:3]) && start(data[3]):
		return "UTF-32 (big-endian)"
	case len(data) >= 4 && start(data[0]) && zero(data[1:4]):
		return "UTF-32 (little-endian)"
	case data[0] == 0 && start(data[1]):
		return "UTF-16 (big-endian)"
	case start(data[0]) && data[1] == 0:
		return "UTF-16 (little-endian)"
	}
	return ""
}

func encodingErr(name string) error {
	return fmt.Errorf("jsonfile: the file is %s; Hewn reads UTF-8 JSON (save it as UTF-8)", name)
}
