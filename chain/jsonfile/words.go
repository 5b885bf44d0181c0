package jsonfile

import (
	"strconv"
	"strings"
	"unicode"
)

// Words for messages, shared by every command and the editor, so a count or
// a name reads as English: "1 error", "3 errors", "an Orc", "a Goblin".

// Plural is noun for a count of n: noun itself for 1, else its plural
// ("error" → "errors", "match" → "matches", "entry" → "entries"). A noun
// whose plural is not made so is given both ways with Pick.
func Plural(n int, noun string) string {
	if n == 1 || noun == "" {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}

// Count is n and noun in its number: "1 error", "0 errors", "2 entries".
func Count(n int, noun string) string { return strconv.Itoa(n) + " " + Plural(n, noun) }

// Pick is one when n is 1, else many ("it" / "them", "was" / "were").
func Pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Article puts "a" or "an" before name by its first sound as spelled: "an
// Orc", "an item", "a Goblin", "a unicorn" (a "u" sounding "you" and an
// initialism are guessed by the usual spellings: "a user", "an X").
func Article(name string) string {
	if name == "" {
		return name
	}
	lower := strings.ToLower(name)
	an := strings.ContainsRune("aeio", rune(lower[0]))
	switch {
	case lower[0] == 'u':
		an = !(strings.HasPrefix(lower, "uni") || strings.HasPrefix(lower, "use") || strings.HasPrefix(lower, "usu") || strings.HasPrefix(lower, "uti"))
	case strings.HasPrefix(lower, "one"), strings.HasPrefix(lower, "eu"):
		an = false
	case strings.HasPrefix(lower, "hour"), strings.HasPrefix(lower, "honest"), strings.HasPrefix(lower, "honou"):
		an = true
	case len(name) > 1 && unicode.IsUpper(rune(name[0])) && unicode.IsUpper(rune(name[1])) && strings.ContainsRune("FHLMNRSX", rune(name[0])):
		an = true // an initialism read letter by letter: "an NPC"
	}
	if an {
		return "an " + name
	}
	return "a " + name
}
