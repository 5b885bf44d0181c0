package jsonfile

// The tokens of JSON, scanned once for both readers: the tree parser
// (Parse, Check), which reports where and why a token is malformed, and the
// splitter (SplitObject and the Unmarshal* helpers), which only needs to
// know whether it is well formed and hands anything else to encoding/json.

// fault says why a token is malformed; noFault when it is not.
type fault uint8

const (
	noFault      fault = iota
	badNumber          // a number wants a digit (after '-', or first)
	badFraction        // a number's '.' wants a digit
	badExponent        // a number's exponent wants a digit
	unterminated       // a string does not end before the input does
	controlChar        // a string holds a byte below 0x20
	badEscape          // a string holds a '\' not followed by a JSON escape
	badUnicode         // a string's \u is not followed by four hex digits
)

// skipSpace returns the offset of the first byte at or after i in data that
// is not JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// numberEnd scans the number at data[i:] (where data[i] is '-' or a digit).
// It returns the number's end, or, with a fault, the offset of the byte
// where a digit was wanted.
func numberEnd(data []byte, i int) (int, fault) {
	if i < len(data) && data[i] == '-' {
		i++
	}
	digits := func() bool {
		j := i
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		return i > j
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case !digits():
		return i, badNumber
	}
	if i < len(data) && data[i] == '.' {
		i++
		if !digits() {
			return i, badFraction
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if !digits() {
			return i, badExponent
		}
	}
	return i, noFault
}

// stringEnd scans the string literal at data[i:] (where data[i] is '"'). It
// returns the literal's end and whether it holds an escape, or, with a
// fault, the offset the fault is reported at: where the string opens when it
// is unterminated, the control byte, the backslash of a bad escape, the
// digits of a bad \u. Invalid UTF-8 is not its concern (CheckEncoding's).
func stringEnd(data []byte, i int) (end int, escaped bool, f fault) {
	opened := i
	for i++; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			return i + 1, escaped, noFault
		case c < 0x20:
			return i, escaped, controlChar
		case c == '\\':
			escaped = true
			if i+1 >= len(data) {
				return opened, escaped, unterminated
			}
			i++
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if _, ok := hex4(data, i+1); !ok {
					return i + 1, escaped, badUnicode
				}
				i += 4
			default:
				return i - 1, escaped, badEscape
			}
		}
	}
	return opened, escaped, unterminated
}

// wordEnd returns the end of the literal w (true, false, null) at data[i:],
// or -1 when data does not hold it there.
func wordEnd(data []byte, i int, w string) int {
	if len(data)-i >= len(w) && string(data[i:i+len(w)]) == w {
		return i + len(w)
	}
	return -1
}

// hex4 decodes the four hex digits at s[i:].
func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var v rune
	for _, c := range s[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}
