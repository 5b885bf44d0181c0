package prefab

import "sync"

// cp437 is code page 437 as REXPaint draws it: code i is cp437[i]. Codes 1-31
// and 127 are the IBM PC's pictures (☺ … ▼, ⌂), 0 is NUL (an empty cell) and
// 255 the non-breaking space (which the tutorial's legend reads as floor).
var cp437 = []rune("" +
	"\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼" + // 0-15
	"►◄↕‼¶§▬↨↑↓→←∟↔▲▼" + // 16-31
	" !\u0022#$%&'()*+,-./" + // 32-47
	"0123456789:;<=>?" + // 48-63
	"@ABCDEFGHIJKLMNO" + // 64-79
	"PQRSTUVWXYZ[\u005c]^_" + // 80-95
	"`abcdefghijklmno" + // 96-111
	"pqrstuvwxyz{|}~⌂" + // 112-127
	"ÇüéâäàåçêëèïîìÄÅ" + // 128-143
	"ÉæÆôöòûùÿÖÜ¢£¥₧ƒ" + // 144-159
	"áíóúñÑªº¿⌐¬½¼¡«»" + // 160-175
	"░▒▓│┤╡╢╖╕╣║╗╝╜╛┐" + // 176-191
	"└┴┬├─┼╞╟╚╔╩╦╠═╬╧" + // 192-207
	"╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀" + // 208-223
	"αßΓπΣσµτΦΘΩδ∞φε∩" + // 224-239
	"≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0", // 240-255
)

// fromCP437 maps a character back to its code (made when first needed).
var fromCP437 = sync.OnceValue(func() map[rune]byte {
	m := make(map[rune]byte, len(cp437))
	for i, r := range cp437 {
		m[r] = byte(i)
	}
	return m
})

// CP437Rune returns the character of CP437 code b (247 is '≈', 15 '☼', 219 '█').
func CP437Rune(b byte) rune { return cp437[b] }

// CP437Code returns the CP437 code of r, reporting whether r has one.
func CP437Code(r rune) (byte, bool) {
	b, ok := fromCP437()[r]
	return b, ok
}
