package llm

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gamelab/protocol/tavern"
)

// TestTavernPolicyModelFailure: a model that fails every call still gets
// a legal answer from the fallback (a live adapter never fails a game),
// but the failure does not vanish: it is counted, kept by Err and logged.
func TestTavernPolicyModelFailure(t *testing.T) {
	pol := failingModelPolicy(t)
	var logs bytes.Buffer
	pol.Log = slog.New(slog.NewTextHandler(&logs, nil))
	d := &tavern.Decision{Ask: "Your move.", Rules: "Bet or fold.", DeadlineMS: 30000,
		Choices: []tavern.Choice{{ID: "fold", Say: "fold"}, {ID: "call", Say: "call 1 bullet"}}}
	id, err := pol.Choose(context.Background(), d)
	if err != nil || (id != "fold" && id != "call") {
		t.Fatalf("choose with a failing model: %q %v, want a legal id and no error", id, err)
	}
	if calls, fb := pol.Counts(); calls != 1 || fb != 1 {
		t.Errorf("counts %d calls %d fallbacks, want 1 1", calls, fb)
	}
	if err := pol.Err(); !errors.Is(err, ErrChat) || !strings.Contains(err.Error(), "overloaded") {
		t.Errorf("Err() = %v, want the model's failure (ErrChat, overloaded)", err)
	}
	if !strings.Contains(logs.String(), "overloaded") {
		t.Errorf("the failure is not logged: %q", logs.String())
	}
}

// TestTavernPolicyFallbackFailure: when the fallback fails too, both
// errors come back to the caller (the bot then sends a first choice).
func TestTavernPolicyFallbackFailure(t *testing.T) {
	pol := failingModelPolicy(t)
	errFallback := errors.New("fallback broke")
	pol.Fallback = failingPolicy{errFallback}
	d := &tavern.Decision{Ask: "Your move.", Choices: []tavern.Choice{{ID: "fold", Say: "fold"}}}
	if _, err := pol.Choose(context.Background(), d); !errors.Is(err, ErrChat) || !errors.Is(err, errFallback) {
		t.Fatalf("err = %v, want both the model's and the fallback's", err)
	}
}

// TestTavernPolicySlowModel: a model slower than the decision's deadline
// is cut off a second before it, and the fallback answers within that
// second: its context is still live.
func TestTavernPolicySlowModel(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Read the body first: the server notices a closed connection
		// (and cancels r.Context) only once the request is read.
		io.Copy(io.Discard, r.Body)
		select { // answers only when the client gives up (or after 10 s)
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
		http.Error(w, "too slow", http.StatusGatewayTimeout)
	}))
	t.Cleanup(hs.Close)
	pol, err := NewTavernPolicy("llm?url=" + hs.URL + "&model=test&timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	pol.Fallback = liveContextPolicy{}
	d := &tavern.Decision{Ask: "Your move.", DeadlineMS: 1300, Choices: []tavern.Choice{{ID: "fold", Say: "fold"}}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(d.DeadlineMS)*time.Millisecond)
	defer cancel()
	start := time.Now()
	id, err := pol.Choose(ctx, d)
	if err != nil || id != "fold" {
		t.Fatalf("choose: %q %v, want the fallback's fold", id, err)
	}
	if el := time.Since(start); el > time.Duration(d.DeadlineMS)*time.Millisecond {
		t.Errorf("answered after %v, past the %d ms deadline", el, d.DeadlineMS)
	}
	if _, fb := pol.Counts(); fb != 1 {
		t.Errorf("%d fallbacks, want 1", fb)
	}
}

// liveContextPolicy answers the first choice, or fails if its context is
// already done.
type liveContextPolicy struct{}

func (liveContextPolicy) Choose(ctx context.Context, d *tavern.Decision) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return d.Choices[0].ID, nil
}

type failingPolicy struct{ err error }

func (p failingPolicy) Choose(context.Context, *tavern.Decision) (string, error) { return "", p.err }

// failingModelPolicy is a TavernPolicy whose model server (on 127.0.0.1)
// answers every call with 503 "model overloaded".
func failingModelPolicy(t *testing.T) *TavernPolicy {
	t.Helper()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "model overloaded", http.StatusServiceUnavailable)
	}))
	t.Cleanup(hs.Close)
	pol, err := NewTavernPolicy("llm?url=" + hs.URL + "&model=test&timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	return pol
}
