package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

func init() {
	register(&command{name: "version", summary: "print the lab's version and build", run: runVersion})
}

// version returns the module version and VCS revision of this build.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	rev, dirty := "", ""
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		v += " " + rev[:min(12, len(rev))] + dirty
	}
	return v + " " + bi.GoVersion
}

func runVersion(ctx context.Context, args []string) error {
	fs := flagSet("lab version", "Prints the module version, VCS revision and Go release of this build.")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Println("lab", version())
	return nil
}
