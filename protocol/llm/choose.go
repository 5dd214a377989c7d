package llm

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Choice is one option offered to the model: what it does, in words.
// Free marks an option that takes the model's own text (a message to
// say): the model writes it after the option's number.
type Choice struct {
	Text string
	Free bool
}

// Decision is the model's parsed answer: the index of the chosen option
// and, for a Free option, the text it wrote.
type Decision struct {
	Index int
	Text  string
}

// ErrUnparsed reports an answer that names no offered option (or a Free
// option without text).
var ErrUnparsed = errors.New("llm: answer names no offered option")

// Prompt lists choices for the model, numbered from 1, with the answer
// format it must follow.
func Prompt(situation string, choices []Choice) string {
	var b strings.Builder
	b.WriteString(strings.TrimSpace(situation))
	b.WriteString("\n\nYour options:\n")
	for i, c := range choices {
		fmt.Fprintf(&b, "%d. %s", i+1, c.Text)
		if c.Free {
			b.WriteString(" (write your message after the number)")
		}
		b.WriteByte('\n')
	}
	b.WriteString("\nAnswer with the number of one option on the first line, e.g. \"2\"; for an option that takes a message, write it after the number on the same line, e.g. \"1: I think Fox is lying.\" Nothing else.")
	return b.String()
}

var answerRe = regexp.MustCompile(`(?i)^\s*(?:option\s*)?\**(\d+)\**\s*(?:[.:)\-]\s*)?(.*)$`)

// Parse reads an answer to Prompt strictly: the first non-empty line must
// start with the number of an offered option (1-based); for a Free option
// the rest of the answer (that line and any lines after it) is the text
// and must not be empty. Anything else is ErrUnparsed.
func Parse(answer string, choices []Choice) (Decision, error) {
	answer = strings.TrimSpace(answer)
	first, rest, _ := strings.Cut(answer, "\n")
	m := answerRe.FindStringSubmatch(first)
	if m == nil {
		return Decision{}, fmt.Errorf("%w: %.80q", ErrUnparsed, answer)
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n < 1 || n > len(choices) {
		return Decision{}, fmt.Errorf("%w: option %s of %d", ErrUnparsed, m[1], len(choices))
	}
	d := Decision{Index: n - 1}
	if choices[n-1].Free {
		text := strings.TrimSpace(strings.TrimSpace(m[2]) + "\n" + strings.TrimSpace(rest))
		text = strings.Trim(text, `"`)
		if text == "" {
			return Decision{}, fmt.Errorf("%w: option %d needs a message", ErrUnparsed, n)
		}
		d.Text = text
	}
	return d, nil
}

// Choose asks the model to pick one of choices given the situation (the
// system text carries the rules), and parses its answer strictly. The
// transcript (prompt and answer) is returned even on error, for logs and
// datasets.
func Choose(ctx context.Context, c *Client, system, situation string, choices []Choice) (Decision, string, error) {
	if len(choices) == 0 {
		return Decision{}, "", fmt.Errorf("%w: no choices offered", ErrUnparsed)
	}
	prompt := Prompt(situation, choices)
	answer, err := c.Chat(ctx, []Message{{Role: "system", Content: system}, {Role: "user", Content: prompt}})
	transcript := "USER: " + prompt + "\nASSISTANT: " + answer
	if err != nil {
		return Decision{}, transcript, err
	}
	d, err := Parse(answer, choices)
	return d, transcript, err
}
