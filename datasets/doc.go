// Package datasets writes and reads the lab's Parquet files: one row per
// game, per seat and optionally per decision, stamped with the run's
// configuration, seed range and version in key-value metadata.
package datasets
