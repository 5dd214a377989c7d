package wire

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// TranscriptEvent is one event of a recorded game transcript (the format
// of testdata/dihou-wire-game.txt): a header line
// "=== #<n> kind=<k> <author> -> p:<roles> created_at=<t>" and the content.
type TranscriptEvent struct {
	N         int
	Kind      int
	Author    string   // role: server, player1…
	P         []string // roles p-tagged; nil for none
	CreatedAt int64
	Content   string
}

// Transcript is a parsed transcript: its events and the npub of each role.
type Transcript struct {
	Events []TranscriptEvent
	Npub   map[string]string // role -> npub
}

var (
	headerRe = regexp.MustCompile(`^=== #(\d+) kind=(\d+) (\S+) -> p:(\S+) created_at=(\d+)$`)
	legendRe = regexp.MustCompile(`^#\s+(npub1[a-z0-9]{58}) = (\w+)`)
)

// emptyMarker stands for an empty content in transcripts.
const emptyMarker = "(empty content)"

// ReadTranscript parses a transcript. Content lines run up to the next
// header; trailing blank lines of a content are dropped.
func ReadTranscript(r io.Reader) (*Transcript, error) {
	t := &Transcript{Npub: map[string]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur *TranscriptEvent
	var body []string
	flush := func() {
		if cur == nil {
			return
		}
		for len(body) > 0 && body[len(body)-1] == "" {
			body = body[:len(body)-1]
		}
		cur.Content = strings.Join(body, "\n")
		if cur.Content == emptyMarker {
			cur.Content = ""
		}
		t.Events = append(t.Events, *cur)
		cur, body = nil, nil
	}
	line := 0
	for sc.Scan() {
		line++
		l := sc.Text()
		if cur == nil && strings.HasPrefix(l, "#") {
			if m := legendRe.FindStringSubmatch(l); m != nil {
				role := m[2]
				t.Npub[role] = m[1]
			}
			continue
		}
		if strings.HasPrefix(l, "=== #") {
			flush()
			m := headerRe.FindStringSubmatch(l)
			if m == nil {
				return nil, fmt.Errorf("transcript line %d: bad header %q", line, l)
			}
			e := &TranscriptEvent{Author: m[3]}
			e.N, _ = strconv.Atoi(m[1])
			e.Kind, _ = strconv.Atoi(m[2])
			e.CreatedAt, _ = strconv.ParseInt(m[5], 10, 64)
			if m[4] != "-" {
				e.P = strings.Split(m[4], ",")
			}
			cur = e
			continue
		}
		if cur == nil {
			if strings.TrimSpace(l) == "" {
				continue
			}
			return nil, fmt.Errorf("transcript line %d: content before the first header", line)
		}
		body = append(body, l)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	return t, nil
}
