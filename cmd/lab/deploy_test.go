package main

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// manifestField returns the value of the first "key: value" line of a
// Kubernetes manifest (no YAML library: our manifests keep the fields the
// test reads on one line, args as a JSON-style flow sequence).
func manifestField(t *testing.T, text, key string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*(?:- )?` + key + `:\s*(.+)$`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no %s: line", key)
	}
	return strings.TrimSpace(m[1])
}

// The Kubernetes manifests run commands the CLI accepts, with the shard
// count equal to the Job's completions, and name the image the Dockerfile
// builds (there is no cluster here to apply them to).
func TestKubernetesManifestsMatchTheCLI(t *testing.T) {
	docker, err := os.ReadFile("../../deploy/k8s/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"arena-job.yaml", "merge-job.yaml"} {
		raw, err := os.ReadFile("../../deploy/k8s/" + name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		image := manifestField(t, text, "image")
		if !strings.Contains(string(docker), "-t "+image+" ") {
			t.Errorf("%s: image %s is not the one the Dockerfile's build line names", name, image)
		}
		var args []string
		if err := json.Unmarshal([]byte(manifestField(t, text, "args")), &args); err != nil {
			t.Fatalf("%s: args: %v", name, err)
		}
		if strings.Contains(text, "completionMode: Indexed") {
			n, _ := strconv.Atoi(manifestField(t, text, "completions"))
			for i := range args {
				args[i] = strings.ReplaceAll(args[i], "$(JOB_COMPLETION_INDEX)", strconv.Itoa(n-1))
			}
			want := strconv.Itoa(n-1) + "/" + strconv.Itoa(n)
			if !strings.Contains(strings.Join(args, " "), "--shard "+want) {
				t.Errorf("%s: args %q: want --shard %s for the last of %d completions", name, args, want, n)
			}
			if p := manifestField(t, text, "parallelism"); p != strconv.Itoa(n) {
				t.Errorf("%s: parallelism %s, completions %d", name, p, n)
			}
		}
		// every flag parses: the verb reads all flags before --help
		devnull, _ := os.Open(os.DevNull)
		stdout := os.Stdout
		os.Stdout = devnull
		var stderr strings.Builder
		code := run(context.Background(), append(args, "--help"), &stderr)
		os.Stdout = stdout
		devnull.Close()
		if code != 0 || stderr.Len() != 0 {
			t.Errorf("%s: lab %s: exit %d, %s", name, strings.Join(args, " "), code, stderr.String())
		}
		if args[0] != "arena" {
			continue
		}
		// and it runs: the same command on one duplicate set, into a temporary directory
		small := append([]string(nil), args...)
		for i := 1; i < len(small); i++ {
			switch small[i-1] {
			case "--games":
				small[i] = "1"
			case "--out":
				small[i] = t.TempDir()
			}
		}
		if code, _, se := arenaLab(t, small...); code != 0 {
			t.Errorf("%s: lab %s: exit %d, %s", name, strings.Join(small, " "), code, se)
		}
	}
}
