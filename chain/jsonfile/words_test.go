package jsonfile

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWordsCountAndArticle(t *testing.T) {
	assert.Equal(t, "1 error", Count(1, "error"))
	assert.Equal(t, "0 errors", Count(0, "error"))
	assert.Equal(t, "2 warnings", Count(2, "warning"))
	assert.Equal(t, "3 entries", Count(3, "entry"))
	assert.Equal(t, "2 matches", Count(2, "match"))
	assert.Equal(t, "2 days", Count(2, "day"))
	assert.Equal(t, "them", Pick(2, "it", "them"))
	for name, want := range map[string]string{"Orc": "an Orc", "Goblin": "a Goblin", "item": "an item",
		"Orc Leader": "an Orc Leader", "Umber Hulk": "an Umber Hulk", "unicorn": "a unicorn", "hour": "an hour",
		"Dark Elf": "a Dark Elf", "Eel": "an Eel", "NPC": "an NPC", "Bear Trap": "a Bear Trap"} {
		assert.Equal(t, want, Article(name))
	}
}
