// Package projects loads and saves Hewn project files.
package projects
