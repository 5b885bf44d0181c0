// Package special registers the composite builders: town, prefab,
// waveform_collapse, cave_decorator, yellow_brick_road and sub_chain.
package special
