package main

import (
	"context"
	"fmt"
)

func init() {
	register(&command{name: "version", summary: "print the lab's version and build", run: runVersion})
}

func runVersion(ctx context.Context, args []string) error {
	fs := flagSet("lab version", "Prints the module version, VCS revision and Go release of this build.")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "lab", version())
	return nil
}
