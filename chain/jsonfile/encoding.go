package jsonfile

import (
	"bytes"
	"fmt"
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
	if len(data) >= 2 && (data[0] == 0 || data[1] == 0) {
		enc := "UTF-16 (big-endian)"
		if data[0] != 0 {
			enc = "UTF-16 (little-endian)"
		}
		if len(data) >= 4 && data[1] == 0 && data[2] == 0 {
			enc = "UTF-32 (little-endian)"
		} else if len(data) >= 4 && data[0] == 0 && data[1] == 0 && data[2] == 0 {
			enc = "UTF-32 (big-endian)"
		}
		return nil, encodingErr(enc)
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

func encodingErr(name string) error {
	return fmt.Errorf("jsonfile: the file is %s; Hewn reads UTF-8 JSON (save it as UTF-8)", name)
}
