// Package rooms registers the room-based builders: simple_map, bsp_dungeon,
// bsp_interior, the room sorters, drawers, corridor builders, room exploder and
// corner rounder, room-based start and stairs, and door placement.
package rooms
