package mjai

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"gamelab/sim/mahjong"
)

// Dialects of the stdin/stdout conversation with an external bot.
const (
	// Lines sends every event as one JSON object a line, as soon as the
	// seat may see it, and reads one answer line only when the seat must
	// decide (the stdio mode of mjai-manue and of bots written for the
	// original mjai server's events). The event that asks carries
	// "possible_actions".
	Lines = "lines"
	// Batch sends, when the seat must decide and once at the end of a
	// game, the events since the last line as one JSON array, and reads
	// exactly one answer for every line (the mjai.app bot.py dialect,
	// Mortal's): "none" when there is nothing to do.
	Batch = "batch"
)

// ExternalStats counts an external bot's decisions and what went wrong.
// Every failure is a fallback to a legal default, never a lost game.
type ExternalStats struct {
	Decisions int // decisions asked
	Fallbacks int // decisions answered by the fallback (all causes below)
	Illegal   int // answers that are not a legal action (or not mjai)
	Late      int // answers not given within the timeout
	Broken    int // decisions with no running bot (did not start, exited)
	Stray     int // answer lines nobody asked for (dropped)
	Starts    int // processes started
	Failed    int // processes that ended in error: a non-zero exit we did not cause, a failed wait or kill
}

// External plays an mjai bot, run as a subprocess, as a mahjong strategy:
// one process per External (the arena builds one per seat and player),
// kept across games. It implements strategies/mahjong's Strategy and
// Watcher: Play hands it the seat's events, which it writes to the bot's
// stdin as mjai messages, and at a decision it reads the bot's answer
// from stdout, checks it against the legal actions and falls back to a
// legal default (pass, else the drawn tile, else the first legal action)
// when the answer is illegal, late or missing. The bot's stderr is kept
// (the last 16 KB, Stderr) and appended to StderrFile if set. On Unix the
// bot leads its own process group, and ending it kills the whole group
// (whatever the bot spawned too).
type External struct {
	Cmd        string        // command line, split on spaces (no shell)
	Dialect    string        // Lines or Batch
	Timeout    time.Duration // per decision
	Boot       time.Duration // extra time for the first answer of a process
	StderrFile string        // append the bot's stderr here ("" = keep the tail only)
	Name       string        // player name sent in start_game

	mu    sync.Mutex
	stats ExternalStats

	proc    *exec.Cmd
	stdin   io.WriteCloser
	answers chan []byte
	exited  chan struct{}
	tail    *tailBuffer
	errFile *os.File
	errPipe *os.File      // our end of the bot's stderr
	errDone chan struct{} // closed when the bot's stderr is copied out
	errSink *stderrSink   // where the copy goes
	fresh   bool          // no answer read yet from this process
	dead    bool          // the process is gone for the rest of this game

	w       *Writer
	early   []mahjong.Event // events before the seat is known (its deal)
	held    []Message       // messages not yet written
	owed    int             // Batch: answers still to come for lines already written
	skipRch bool            // the engine's EvRiichi was already sent as our reach
}

// NewExternal returns an External for cmd with the given dialect and
// per-decision timeout; the process starts at its first decision.
func NewExternal(cmd, dialect string, timeout time.Duration) (*External, error) {
	if strings.TrimSpace(cmd) == "" {
		return nil, errors.New("mjai: empty bot command")
	}
	if dialect != Lines && dialect != Batch {
		return nil, fmt.Errorf("mjai: dialect %q: want %s or %s", dialect, Lines, Batch)
	}
	if timeout <= 0 {
		return nil, fmt.Errorf("mjai: timeout %v: want > 0", timeout)
	}
	if _, err := exec.LookPath(strings.Fields(cmd)[0]); err != nil {
		return nil, fmt.Errorf("mjai: bot command %q: %w", clip(cmd), err)
	}
	e := &External{Cmd: cmd, Dialect: dialect, Timeout: timeout, Boot: 10 * time.Second}
	track(e)
	return e, nil
}

// Stats returns the counts so far.
func (x *External) Stats() ExternalStats {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.stats
}

// Stderr returns the tail of the bot's stderr.
func (x *External) Stderr() string {
	if x.tail == nil {
		return ""
	}
	return x.tail.String()
}

// Reset starts a new game (the process is kept; one that died is
// restarted at the next decision).
func (x *External) Reset() {
	x.w, x.early, x.held, x.skipRch = nil, x.early[:0], nil, false
	if x.dead {
		if err := x.stop(); err != nil {
			fmt.Fprintf(x.tail, "%v\n", err)
		}
		x.dead = false
	}
}

// Watch takes the next event the seat sees.
func (x *External) Watch(e mahjong.Event) {
	if x.w == nil {
		if e.Kind != mahjong.EvDeal {
			x.early = append(x.early, e)
			return
		}
		names := []string{"", "", "", ""}
		names[e.Seat] = x.Name
		x.w = NewWriter(e.Seat, names)
		for _, p := range x.early {
			x.held = append(x.held, x.w.Write(p)...)
		}
		x.early = x.early[:0]
	}
	ms := x.w.Write(e)
	if x.skipRch && e.Kind == mahjong.EvRiichi {
		x.skipRch = false
		return
	}
	x.held = append(x.held, ms...)
	if e.Kind == mahjong.EvGameEnd {
		x.flush(nil, true)
	} else if x.Dialect == Lines && len(x.held) > 1 {
		// Keep the newest message back: if the seat is asked next, it
		// carries the possible actions.
		x.flush(nil, false)
	}
}

// flush writes the held messages (all of them when all is set, else all
// but the last); the last one written carries possible when set.
func (x *External) flush(possible []Message, all bool) {
	if x.dead || x.stdin == nil && !x.start() {
		x.held = x.held[:0]
		return
	}
	n := len(x.held)
	if !all && possible == nil {
		n--
	}
	if n <= 0 {
		return
	}
	msgs := x.held[:n]
	if possible != nil {
		msgs[n-1].PossibleActions = possible
	}
	var b []byte
	if x.Dialect == Batch {
		b = append(b, '[')
		for i, m := range msgs {
			if i > 0 {
				b = append(b, ',')
			}
			b = m.AppendJSON(b)
		}
		b = append(b, ']', '\n')
		if possible == nil {
			x.owed++ // an answer is due for every line; this one is not a decision
		}
	} else {
		for _, m := range msgs {
			b = append(m.AppendJSON(b), '\n')
		}
	}
	x.held = append(x.held[:0], x.held[n:]...)
	// A bot that stops reading its stdin must not block the game once the
	// pipe is full: the write has the decision's time (os.File pipes take
	// deadlines; without one the write is unbounded).
	if d, ok := x.stdin.(interface{ SetWriteDeadline(time.Time) error }); ok {
		wait := x.Timeout
		if x.fresh {
			wait += x.Boot
		}
		if err := d.SetWriteDeadline(time.Now().Add(wait)); err != nil {
			fmt.Fprintf(x.tail, "mjai: stdin deadline: %v\n", err)
		}
	}
	if _, err := x.stdin.Write(b); err != nil {
		fmt.Fprintf(x.tail, "mjai: write to bot: %v\n", err)
		x.dead = true
	}
}

// Decide asks the bot.
func (x *External) Decide(v *mahjong.View, legal []mahjong.Action, _ *rand.Rand) mahjong.Action {
	x.mu.Lock()
	x.stats.Decisions++
	x.mu.Unlock()
	fallback := Fallback(v, legal)
	a, err := x.ask(v, legal, PossibleActions(v, legal))
	if err == nil && a.Kind == mahjong.ActRiichi && a.Tile == mahjong.NoTile {
		// The bot said reach: send it back and read the declaration tile.
		var tiles []mahjong.Action
		for _, l := range legal {
			if l.Kind == mahjong.ActRiichi {
				tiles = append(tiles, mahjong.Action{Kind: mahjong.ActDiscard, Tile: l.Tile})
				if fallback.Kind != mahjong.ActRiichi {
					fallback = l // the bot believes it declared: keep it so
				}
			}
		}
		x.held = append(x.held, Message{Type: "reach", Actor: int(v.Me), Target: -1, ID: -1})
		x.skipRch = true
		var d mahjong.Action
		if d, err = x.ask(v, tiles, PossibleActions(v, tiles)); err == nil {
			a = mahjong.Action{Kind: mahjong.ActRiichi, Tile: d.Tile}
		}
	}
	if err != nil {
		x.mu.Lock()
		x.stats.Fallbacks++
		switch {
		case errors.Is(err, errLate):
			x.stats.Late++
		case errors.Is(err, errBroken):
			x.stats.Broken++
		default:
			x.stats.Illegal++
		}
		x.mu.Unlock()
		return fallback
	}
	return a
}

var (
	errLate   = errors.New("mjai: bot answered late")
	errBroken = errors.New("mjai: bot is not running")
)

// ask writes the held messages (the last with possible) and reads the
// answer, matched against legal.
func (x *External) ask(v *mahjong.View, legal []mahjong.Action, possible []Message) (mahjong.Action, error) {
	if x.dead || x.stdin == nil && !x.start() {
		x.held = x.held[:0]
		return mahjong.Action{}, errBroken
	}
	if x.Dialect == Lines {
		// Lines nobody asked for (a bot that saw a chance we did not offer,
		// or a late answer) are dropped before asking.
		for drained := false; !drained; {
			select {
			case _, ok := <-x.answers:
				if !ok {
					drained = true
					break
				}
				x.mu.Lock()
				x.stats.Stray++
				x.mu.Unlock()
			default:
				drained = true
			}
		}
	}
	if len(x.held) == 0 {
		x.held = append(x.held, Message{Type: "none", Actor: -1, Target: -1, ID: -1})
	}
	x.flush(possible, true)
	if x.dead {
		return mahjong.Action{}, errBroken
	}
	wait := x.Timeout
	if x.fresh {
		wait += x.Boot
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-x.answers:
			if !ok {
				x.dead = true
				return mahjong.Action{}, errBroken
			}
			x.fresh = false
			if x.owed > 0 {
				x.owed--
				continue
			}
			ms, err := ParseLine(line)
			if err != nil || len(ms) != 1 {
				return mahjong.Action{}, fmt.Errorf("%w: %s", ErrAnswer, clip(string(line)))
			}
			return Match(v, legal, &ms[0])
		case <-timer.C:
			if x.Dialect == Batch {
				x.owed++
			}
			return mahjong.Action{}, errLate
		}
	}
}

// Fallback is the legal default an External plays when its bot fails:
// pass if it may, else the drawn tile, else the first legal action.
func Fallback(v *mahjong.View, legal []mahjong.Action) mahjong.Action {
	for _, a := range legal {
		if a.Kind == mahjong.ActPass {
			return a
		}
	}
	for _, a := range legal {
		if a.Kind == mahjong.ActDiscard && a.Tile == v.Drawn {
			return a
		}
	}
	if len(legal) == 0 {
		return mahjong.Action{Kind: mahjong.ActPass}
	}
	return legal[0]
}

// start runs the bot process.
func (x *External) start() bool {
	args := strings.Fields(x.Cmd)
	cmd := exec.Command(args[0], args[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		x.dead = true
		return false
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		x.dead = true
		return false
	}
	if x.tail == nil {
		x.tail = &tailBuffer{max: 16 << 10}
	}
	errOut := &stderrSink{tail: x.tail}
	x.errFile = nil
	if x.StderrFile != "" {
		f, err := os.OpenFile(x.StderrFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintf(x.tail, "mjai: %v\n", err)
		} else {
			errOut.file, x.errFile = f, f
		}
	}
	// Our own stderr pipe (not exec's copying goroutine): Wait then
	// returns when the bot exits even if a child of it still holds the
	// pipe, and stop kills the group before it waits for the copy.
	errPipe, errW, err := os.Pipe()
	if err != nil {
		fmt.Fprintf(x.tail, "mjai: stderr pipe: %v\n", err)
		if err := x.closeErrFile(); err != nil {
			fmt.Fprintf(x.tail, "mjai: %v\n", err)
		}
		x.dead = true
		return false
	}
	cmd.Stderr = errW
	inGroup(cmd)
	err = cmd.Start()
	errW.Close() // the bot holds the write end now
	if err != nil {
		fmt.Fprintf(x.tail, "mjai: cannot start %q: %v\n", x.Cmd, err)
		errPipe.Close()
		if err := x.closeErrFile(); err != nil {
			fmt.Fprintf(x.tail, "mjai: %v\n", err)
		}
		x.dead = true
		return false
	}
	x.errPipe, x.errDone, x.errSink = errPipe, make(chan struct{}), errOut
	go func(dst *stderrSink, src io.Reader, done chan<- struct{}) {
		// Ends when every write end is closed, or we close src (stop).
		if _, err := io.Copy(dst, src); err != nil && !errors.Is(err, os.ErrClosed) {
			fmt.Fprintf(dst.tail, "mjai: bot stderr: %v\n", err)
		}
		close(done)
	}(errOut, errPipe, x.errDone)
	x.mu.Lock()
	x.stats.Starts++
	x.mu.Unlock()
	x.proc, x.stdin, x.fresh, x.owed = cmd, stdin, true, 0
	x.answers = make(chan []byte, 64)
	x.exited = make(chan struct{})
	go func(out io.Reader, answers chan<- []byte, exited chan<- struct{}) {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			answers <- append([]byte(nil), sc.Bytes()...)
		}
		close(answers)
		close(exited)
	}(stdout, x.answers, x.exited)
	return true
}

// stop ends the process: stdin closed, two seconds to exit, then its
// process group killed; once the bot is gone, whatever is left of its
// group is killed too. It returns why the process ended in error: an exit
// status other than the kill we sent, or a failed wait, kill or close
// (each counted in Failed).
func (x *External) stop() error {
	if x.proc == nil {
		return nil
	}
	var errs []error
	x.stdin.Close()
	// Nobody reads the answers any more: drain them, so the line reader
	// never blocks on a full queue. Wait closes our end of stdout (a child
	// of the bot may hold the other), which ends the reader. A bot that
	// does not exit on the end of its stdin (or is stuck writing) is
	// killed after two seconds.
	go func(a <-chan []byte) {
		for range a {
		}
	}(x.answers)
	waited := make(chan error, 1)
	go func(p *exec.Cmd) { waited <- p.Wait() }(x.proc)
	grace := time.NewTimer(2 * time.Second)
	defer grace.Stop()
	var werr error
	killed := false
	select {
	case werr = <-waited:
	case <-grace.C:
		killed = true
		if err := killGroup(x.proc.Process); err != nil {
			errs = append(errs, fmt.Errorf("kill: %w", err))
		}
		werr = <-waited
	}
	if err := killGroup(x.proc.Process); err != nil {
		errs = append(errs, fmt.Errorf("kill what the bot left running: %w", err))
	}
	var exit *exec.ExitError
	if werr != nil && !(killed && errors.As(werr, &exit) && killedByUs(exit.ProcessState)) {
		errs = append(errs, werr)
	}
	<-x.exited
	// The group is dead, so the stderr copy ends; a process that left the
	// group may still hold the pipe: give it two seconds, then cut it.
	select {
	case <-x.errDone:
	case <-time.After(2 * time.Second):
		errs = append(errs, errors.New("stderr still held open 2 s after the bot ended (a process outside its group?)"))
	}
	x.errPipe.Close()
	<-x.errDone
	if err := x.errSink.err; err != nil {
		errs = append(errs, err)
	}
	if err := x.closeErrFile(); err != nil {
		errs = append(errs, err)
	}
	x.proc, x.stdin, x.errPipe, x.errSink = nil, nil, nil, nil
	if len(errs) == 0 {
		return nil
	}
	x.mu.Lock()
	x.stats.Failed++
	x.mu.Unlock()
	return fmt.Errorf("mjai: bot %q: %w", clip(x.Cmd), errors.Join(errs...))
}

// closeErrFile closes StderrFile's handle, if open.
func (x *External) closeErrFile() error {
	f := x.errFile
	x.errFile = nil
	if f == nil {
		return nil
	}
	return f.Close()
}

// Close ends the bot process (see stop) and returns why it ended in
// error, if it did. The External may be used again (a new process starts
// at the next decision).
func (x *External) Close() error {
	err := x.stop()
	untrack(x)
	return err
}

// stderrSink takes the bot's stderr into the tail and, if open, the
// StderrFile. A failed file write is noted in the tail and kept in err
// (stop returns it), and the file dropped: the copy goes on, so the bot
// never blocks writing its stderr.
type stderrSink struct {
	tail *tailBuffer
	file *os.File
	err  error
}

func (s *stderrSink) Write(p []byte) (int, error) {
	s.tail.Write(p) // never fails
	if s.file != nil {
		if _, err := s.file.Write(p); err != nil {
			s.err = fmt.Errorf("bot stderr to file: %w", err)
			fmt.Fprintf(s.tail, "mjai: %v\n", s.err)
			s.file = nil
		}
	}
	return len(p), nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

// live are the Externals not yet closed, for CloseAll and Report.
var (
	liveMu    sync.Mutex
	live      = map[*External]bool{}
	closed    []ExternalStats
	closedCmd []string
)

func track(x *External) {
	liveMu.Lock()
	live[x] = true
	liveMu.Unlock()
}

func untrack(x *External) {
	liveMu.Lock()
	if live[x] {
		delete(live, x)
		closed = append(closed, x.Stats())
		closedCmd = append(closedCmd, x.Cmd)
	}
	liveMu.Unlock()
}

// CloseAll closes every External still open and returns the summed stats
// of all Externals by command, and the errors of the Closes (joined).
func CloseAll() (map[string]ExternalStats, error) {
	liveMu.Lock()
	xs := make([]*External, 0, len(live))
	for x := range live {
		xs = append(xs, x)
	}
	liveMu.Unlock()
	var errs []error
	for _, x := range xs {
		if err := x.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	liveMu.Lock()
	defer liveMu.Unlock()
	out := map[string]ExternalStats{}
	for i, s := range closed {
		t := out[closedCmd[i]]
		t.Decisions += s.Decisions
		t.Fallbacks += s.Fallbacks
		t.Illegal += s.Illegal
		t.Late += s.Late
		t.Broken += s.Broken
		t.Stray += s.Stray
		t.Starts += s.Starts
		t.Failed += s.Failed
		out[closedCmd[i]] = t
	}
	closed, closedCmd = nil, nil
	return out, errors.Join(errs...)
}
