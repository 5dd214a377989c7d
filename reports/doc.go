// Package reports turns tournament results into tables for the terminal
// (tablewriter), SPRT report blocks, plots (gonum/plot) and an HTML page.
package reports
