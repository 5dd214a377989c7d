package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Message is one chat message: Role "system", "user" or "assistant".
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Client calls one model of a chat-completions endpoint.
type Client struct {
	// URL is the server's base URL (http://127.0.0.1:8080, …/v1) or the
	// full …/chat/completions URL.
	URL   string
	Model string
	// Timeout bounds each call (default 60 s).
	Timeout time.Duration
	// MaxTokens bounds the answer (default 256).
	MaxTokens int
	// APIKey, if set, is sent as a bearer token.
	APIKey string
	HTTP   *http.Client // nil: http.DefaultClient
}

// ErrChat wraps every failed call: no answer, a non-2xx status, or a body
// without a choice.
var ErrChat = errors.New("llm: chat completion failed")

// Endpoint is the chat-completions URL the client posts to.
func (c *Client) Endpoint() string {
	u := strings.TrimRight(c.URL, "/")
	switch {
	case strings.HasSuffix(u, "/chat/completions"):
		return u
	case strings.HasSuffix(u, "/v1"):
		return u + "/chat/completions"
	}
	return u + "/v1/chat/completions"
}

// Chat sends messages and returns the first choice's text. Temperature is
// 0: the same prompt gets the same answer from a deterministic server.
func (c *Client) Chat(ctx context.Context, msgs []Message) (string, error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	maxTokens := c.MaxTokens
	if maxTokens <= 0 {
		maxTokens = 256
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	body, err := json.Marshal(map[string]any{"model": c.Model, "messages": msgs, "temperature": 0, "max_tokens": maxTokens})
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrChat, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Endpoint(), bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrChat, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrChat, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return "", fmt.Errorf("%w: read: %v", ErrChat, err)
	}
	if resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("%w: status %d: %.200s", ErrChat, resp.StatusCode, data)
	}
	var out struct {
		Choices []struct {
			Message Message `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return "", fmt.Errorf("%w: %v: %.200s", ErrChat, err, data)
	}
	if len(out.Choices) == 0 {
		return "", fmt.Errorf("%w: no choice in %.200s", ErrChat, data)
	}
	return out.Choices[0].Message.Content, nil
}
