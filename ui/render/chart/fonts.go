package chart

import (
	"image/color"
	"sync"

	stdfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// The Go fonts, parsed on the first render (never at start-up).
var (
	fontOnce    sync.Once
	fontHandler text.Handler
)

// typeface names the Go fonts in the chart's font cache.
const typeface = "Go"

func handler() text.Handler {
	fontOnce.Do(func() {
		var coll font.Collection
		for _, f := range []struct {
			ttf    []byte
			weight stdfont.Weight
		}{{goregular.TTF, stdfont.WeightNormal}, {gobold.TTF, stdfont.WeightBold}} {
			face, err := opentype.Parse(f.ttf)
			if err != nil {
				panic("chart: the Go fonts do not parse: " + err.Error()) // embedded: cannot happen
			}
			coll = append(coll, font.Face{Font: font.Font{Typeface: typeface, Weight: f.weight}, Face: face})
		}
		fontHandler = text.Plain{Fonts: font.NewCache(coll)}
	})
	return fontHandler
}

// textStyle is Go Regular (or Bold) at size points in c, aligned as asked.
func textStyle(c color.Color, size vg.Length, bold bool, xa text.XAlignment, ya text.YAlignment) text.Style {
	f := font.Font{Typeface: typeface, Size: size}
	if bold {
		f.Weight = stdfont.WeightBold
	}
	return text.Style{Color: c, Font: f, XAlign: xa, YAlign: ya, Handler: handler()}
}
