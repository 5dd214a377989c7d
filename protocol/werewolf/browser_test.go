package werewolf

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	ww "gamelab/sim/werewolf"
)

// chromiumPath finds Debian's chromium; without it the test fails under CI
// (which installs it) and is skipped elsewhere.
func chromiumPath(t *testing.T) string {
	for _, p := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed (CI must install Debian's chromium)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// browser is a headless Chromium driven over the DevTools protocol.
type browser struct {
	cmd  *exec.Cmd
	page *websocket.Conn
	id   int
}

var devtoolsRe = regexp.MustCompile(`DevTools listening on (ws://[^\s]+)`)

func startBrowser(t *testing.T, ctx context.Context) *browser {
	t.Helper()
	bin := chromiumPath(t)
	// Not t.TempDir: Chromium's helper processes may still write there for
	// a moment after the browser is killed.
	profile, err := os.MkdirTemp("", "werewolf-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--window-size=1280,900",
		"--user-data-dir="+profile, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // one group: the browser and its helpers
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	b := &browser{cmd: cmd}
	t.Cleanup(func() {
		if b.page != nil {
			b.page.CloseNow()
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // the group this test started
		cmd.Wait()
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("could not remove %s", profile)
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := devtoolsRe.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	var wsURL string
	select {
	case wsURL = <-found:
	case <-time.After(30 * time.Second):
		t.Fatal("chromium did not print its DevTools address")
	}
	// Open a page target and talk to it directly.
	host := strings.TrimPrefix(wsURL, "ws://")
	host = host[:strings.IndexByte(host, '/')]
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, "http://"+host+"/json/new?about:blank", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var target struct {
		WebSocketDebuggerURL string `json:"webSocketDebuggerUrl"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&target); err != nil || target.WebSocketDebuggerURL == "" {
		t.Fatalf("new page target: %v %+v", err, target)
	}
	b.page, _, err = websocket.Dial(ctx, target.WebSocketDebuggerURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.page.SetReadLimit(64 << 20)
	return b
}

// call sends one DevTools command and waits for its answer (events in
// between are dropped).
func (b *browser) call(ctx context.Context, method string, params any, out any) error {
	b.id++
	msg, _ := json.Marshal(map[string]any{"id": b.id, "method": method, "params": params})
	if err := b.page.Write(ctx, websocket.MessageText, msg); err != nil {
		return err
	}
	for {
		_, data, err := b.page.Read(ctx)
		if err != nil {
			return err
		}
		var r struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(data, &r) != nil || r.ID != b.id {
			continue
		}
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func (b *browser) eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := b.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("eval %q: %s", expr, r.ExceptionDetails.Text)
	}
	return json.Unmarshal(r.Result.Value, out)
}

// pageState is what the test reads from the spectator page's DOM.
type pageState struct {
	Phase    string   `json:"phase"`
	Status   string   `json:"status"`
	Day      string   `json:"day"`
	Timer    string   `json:"timer"`
	Conn     string   `json:"conn"`
	Players  []string `json:"players"`
	Dead     int      `json:"dead"`
	Roles    int      `json:"roles"`
	Messages int      `json:"messages"`
	WolfChat int      `json:"wolfChat"`
	Results  int      `json:"results"`
	Log      int      `json:"log"`
	Banner   string   `json:"banner"`
	Text     string   `json:"text"`
	// PlayerList is the text of the player list.
	PlayerList string `json:"playerList"`
}

const readPage = `(() => ({
  phase: document.body.dataset.phase || "",
  status: document.body.dataset.status || "",
  day: document.getElementById("day").textContent,
  timer: document.getElementById("timer").textContent,
  conn: document.getElementById("conn").textContent,
  players: [...document.querySelectorAll("#players li .name")].map(e => e.textContent),
  dead: document.querySelectorAll("#players li.dead").length,
  roles: document.querySelectorAll("#players .role").length,
  messages: document.querySelectorAll("#messages li").length,
  wolfChat: document.querySelectorAll("#messages li.werewolf").length,
  results: document.querySelectorAll("#phases li").length,
  log: document.querySelectorAll("#log li").length,
  banner: document.getElementById("result").hidden ? "" : document.getElementById("result").textContent,
  text: document.body.innerText,
  playerList: document.getElementById("players").innerText,
}))()`

// TestSpectatorPageInChromium loads the spectator page in a real headless
// Chromium, watches a 7-player game of client bots progress through the
// SSE stream, checks that nothing secret is shown before the end and that
// roles, the winner and the log are shown after it, and takes a
// screenshot (a PNG in the test's temp dir, or at $WEREWOLF_SCREENSHOT to
// keep it).
func TestSpectatorPageInChromium(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	b := startBrowser(t, ctx)
	ts := startServer(t, "", 1)
	g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: 7, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.call(ctx, "Page.enable", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.call(ctx, "Page.navigate", map[string]any{"url": ts.http.URL + "/spectator/?game=" + g.GameID}, nil); err != nil {
		t.Fatal(err)
	}
	var st pageState
	waitFor(t, 20*time.Second, "the page to show the waiting game", func() bool {
		return b.eval(ctx, readPage, &st) == nil && st.Phase == "waiting" && len(st.Players) == 7
	})
	// Let the bots play, slowly enough for the page to follow: besides
	// thinking 40 ms, each decision waits until the page was read again
	// since the previous one (so a loaded machine that slows the browser
	// slows the game too).
	gate := &pageGate{}
	type played struct {
		info GameInfo
		err  error
	}
	done := make(chan played, 1)
	go func() {
		info, err := playGameAsync(ctx, ts.c, g, 40*time.Millisecond, gate)
		done <- played{info, err}
	}()
	phases := map[string]bool{}
	counts := map[int]bool{} // message counts seen before the end
	sawDeath := false
	for st.Status != "finished" {
		if err := b.eval(ctx, readPage, &st); err != nil {
			t.Fatal(err)
		}
		gate.reads.Add(1)
		phases[st.Phase] = true
		if st.Status != "finished" {
			if st.Roles != 0 || st.WolfChat != 0 || st.Log != 0 || st.Banner != "" {
				t.Fatalf("the page shows secrets while the game runs: %+v", st)
			}
			// Players may claim roles in their talk; the page itself
			// must not show any: not in the player list, no wolf chat.
			for _, bad := range []string{"villager", "fortune_teller", "psychic", "werewolf", "madman"} {
				if strings.Contains(st.PlayerList, bad) {
					t.Fatalf("the player list shows %q while the game runs: %s", bad, st.PlayerList)
				}
			}
			if strings.Contains(st.Text, "(wolf chat)") {
				t.Fatalf("the page shows wolf chat while the game runs:\n%s", st.Text)
			}
			if st.Messages > 0 {
				counts[st.Messages] = true
			}
			sawDeath = sawDeath || st.Dead > 0
		}
		if ctx.Err() != nil {
			t.Fatalf("the page never showed the end; last %+v", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
	res := <-done
	if res.err != nil {
		t.Fatalf("a bot failed: %v", res.err)
	}
	info := res.info
	if info.Winner == "" {
		t.Fatalf("the game ended without a winner: %+v", info)
	}
	delete(phases, "waiting")
	delete(phases, "finished")
	if len(phases) < 1 || len(counts) < 2 {
		t.Errorf("the page did not follow the game live: in-game phases %v, message counts %v, deaths seen %v", phases, counts, sawDeath)
	}
	if st.Roles != 7 || st.Log == 0 || !strings.Contains(st.Banner, info.Winner) || st.Results == 0 {
		t.Fatalf("after the end the page should show roles, winner, results and log: %+v", st)
	}
	var shot struct {
		Data string `json:"data"`
	}
	if err := b.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png"}, &shot); err != nil {
		t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil || len(png) < 10000 || string(png[1:4]) != "PNG" {
		t.Fatalf("screenshot: %d bytes, %v", len(png), err)
	}
	path := filepath.Join(t.TempDir(), "spectator.png")
	if p := os.Getenv("WEREWOLF_SCREENSHOT"); p != "" {
		path = p
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("phases seen live %v; %d message counts seen live; %d messages; winner %s; screenshot %s (%d bytes)", phases, len(counts), st.Messages, info.Winner, path, len(png))
}

// playGameAsync plays g with uniform bots (for use off the test goroutine)
// and returns the final game and the first bot error.
func playGameAsync(ctx context.Context, c *Client, g CreateGameResponse, poll time.Duration, gate *pageGate) (GameInfo, error) {
	type played struct {
		info GameInfo
		err  error
	}
	out := make(chan played, len(g.Players))
	for i, cr := range g.Players {
		go func() {
			p := &Player{Client: c, Game: g.GameID, Token: cr.Token, Strategy: slow{poll, gate}, Rng: newRand(7, uint64(i)), Poll: poll}
			info, err := p.Run(ctx)
			out <- played{info, err}
		}()
	}
	var last GameInfo
	var first error
	for range g.Players {
		r := <-out
		last = r.info
		if r.err != nil && first == nil {
			first = fmt.Errorf("%s: %w", r.info.GameID, r.err)
		}
	}
	return last, first
}

// pageGate paces the bots to the page watcher: reads counts the test's
// page reads; wait (before a decision) returns once there was a read since
// the previous decision, or after half a second (a stuck watcher fails the
// test by itself).
type pageGate struct {
	reads, last atomic.Int64
}

func (g *pageGate) wait() {
	if g == nil {
		return
	}
	deadline := time.Now().Add(500 * time.Millisecond)
	for g.reads.Load() <= g.last.Load() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	g.last.Store(g.reads.Load())
}

// slow is the uniform strategy thinking for a while before each choice, so
// that a game lasts long enough to be watched.
type slow struct {
	think time.Duration
	gate  *pageGate
}

func (s slow) Decide(v *ww.View, legal []ww.Action, rng *rand.Rand) ww.Action {
	time.Sleep(s.think)
	s.gate.wait()
	return uniform{}.Decide(v, legal, rng)
}
func (slow) Reset() {}
