package tavern

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// Remote is the dealer's handle on one player bot: its base address
// (including its prefix, e.g. http://127.0.0.1:8787/tavern) and the secret
// the two sides agreed. It numbers its requests with seq from 1, strictly
// increasing, and signs each one as section 四 specifies.
type Remote struct {
	BaseURL string
	Secret  []byte
	Client  *http.Client
	// Now is the clock for timestamps; nil means time.Now.
	Now func() time.Time

	seq atomic.Int64
}

// ErrRemote reports a bot that answered with an error status or an
// unreadable body.
var ErrRemote = errors.New("tavern: bot error")

// NextSeq reserves the next seq number.
func (r *Remote) NextSeq() int64 { return r.seq.Add(1) }

// Call signs and sends one request and decodes the JSON answer into out
// (which may be nil). path is relative to the base, e.g.
// "/v1/games/liars_bar/invitations".
func (r *Remote) Call(ctx context.Context, method, path string, body any, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return r.CallRaw(ctx, method, path, raw, out)
}

// CallRaw is Call with a body already encoded.
func (r *Remote) CallRaw(ctx context.Context, method, path string, raw []byte, out any) error {
	u, err := url.Parse(strings.TrimSuffix(r.BaseURL, "/") + path)
	if err != nil {
		return fmt.Errorf("tavern: bad bot address: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(raw))
	if err != nil {
		return err
	}
	now := time.Now
	if r.Now != nil {
		now = r.Now
	}
	ts := now().Unix()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(HeaderTimestamp, fmt.Sprint(ts))
	req.Header.Set(HeaderSignature, Sign(r.Secret, ts, method, u.Path, raw))
	client := r.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	ans, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody))
	if err != nil {
		return fmt.Errorf("%w: reading answer: %v", ErrRemote, err)
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%w: %s %s: %s: %s", ErrRemote, method, u.Path, resp.Status, bytes.TrimSpace(ans))
	}
	if out != nil {
		if err := json.Unmarshal(ans, out); err != nil {
			return fmt.Errorf("%w: %s %s: unreadable answer: %v", ErrRemote, method, u.Path, err)
		}
	}
	return nil
}
