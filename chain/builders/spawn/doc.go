// Package spawn registers the builders that place entities: the tutorial's room,
// corridor and Voronoi spawners, RuggRogue's room populator, guaranteed and
// periodic spawns, and place_spawn.
package spawn
