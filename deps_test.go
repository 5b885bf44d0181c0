package main

import (
	_ "codeberg.org/anaseto/gruid/rl"
	_ "github.com/go-json-experiment/json"
	_ "github.com/invopop/jsonschema"
	_ "github.com/ojrac/opensimplex-go"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "golang.org/x/image/font/gofont/gomono"
	_ "golang.org/x/image/font/opentype"
	_ "fyne.io/fyne/v2/dialog"
	_ "fyne.io/fyne/v2/canvas"
)
