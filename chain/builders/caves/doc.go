// Package caves registers the organic builders (cellular automata, drunkard's
// walk, maze, DLA, Voronoi, noise halls) and the area-based and distance-based
// placement and culling builders.
package caves
