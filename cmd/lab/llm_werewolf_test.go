package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gamelab/datasets"
)

// TestArenaWerewolfLLM: `lab arena` plays the "llm" werewolf strategy
// against the rule bots through a deterministic chat-completions server
// on 127.0.0.1 (it always passes, or takes the last offered target).
func TestArenaWerewolfLLM(t *testing.T) {
	option := regexp.MustCompile(`(?m)^(\d+)\. (.*)$`)
	calls := 0
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		prompt := req.Messages[len(req.Messages)-1].Content
		opts := option.FindAllStringSubmatch(prompt, -1)
		reply := opts[len(opts)-1][1]
		for _, o := range opts {
			if strings.HasPrefix(o[2], "Pass") {
				reply = o[1]
			}
		}
		calls++
		json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": reply}}}})
	}))
	defer hs.Close()
	dir := t.TempDir()
	code, out, errs := arenaLab(t, "arena", "--game", "werewolf", "--rules", "5", "--players", "llm?url="+hs.URL+"&model=test,rule", "--games", "10", "--seed", "3", "--workers", "1", "--out", dir, "--decisions")
	if code != 0 || !strings.Contains(out, "llm?") || calls == 0 {
		t.Fatalf("exit %d, %d model calls\n%s\n%s", code, calls, out, errs)
	}
	// The transcript of every llm decision is in decisions.parquet.
	rows, _, err := datasets.ReadAll[datasets.DecisionRow](filepath.Join(dir, "decisions.parquet"), datasets.Decisions)
	if err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, r := range rows {
		if strings.Contains(r.Note, "USER: ") && strings.Contains(r.Note, "ASSISTANT: ") {
			notes++
		}
	}
	if notes != calls {
		t.Fatalf("%d decisions with a transcript, %d model calls (%d rows)", notes, calls, len(rows))
	}
}
