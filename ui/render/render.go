// Package render draws levels into images. It never imports Fyne.
package render
