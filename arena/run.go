package arena

import (
	"context"
	"fmt"
	"runtime"
	"sync"
)

// Options configure a run over a range of game numbers.
type Options struct {
	First, End int64 // game range [First, End)
	Workers    int   // goroutines; <= 0 means all cores
	Decisions  bool  // record every decision in Record.Decisions
	// Window bounds the games in flight (finished but not yet consumed);
	// 0 means 512 per worker. Memory is O(Window), not O(games).
	Window int
}

// Run plays games First..End-1 of sched with match on a pool of workers and
// hands every Record to sink in game order, one at a time, from the calling
// goroutine. Because each game depends only on its number, the records, and
// so everything computed from them, are identical for any worker count.
// The Record passed to sink is reused afterwards: sink must copy what it
// keeps. Run stops at the first error (from a game or from sink) or when
// ctx is cancelled.
func Run(ctx context.Context, m Match, sched *Schedule, opt Options, sink func(*Record) error) error {
	if sched.Seats != m.Seats() {
		return fmt.Errorf("arena: schedule for %d seats, game has %d", sched.Seats, m.Seats())
	}
	w := opt.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	if n := opt.End - opt.First; n < int64(w) {
		w = max(int(n), 1)
	}
	window := opt.Window
	if window <= 0 {
		window = 512 * w
	}
	// A short run (a tuning step: tens of games) needs no more buffers
	// than games: allocating 512 records a worker per call cost more than
	// the games of a liar's bar step (an SPSA step went from about 1.3 to
	// 0.75 CPU-ms: docs/performance.md, "Arena overhead and tuning with
	// workers").
	window = int(min(int64(window), max(opt.End-opt.First, 1)))
	// Games travel in batches of consecutive numbers so the hand-offs
	// between goroutines cost little next to a game.
	// Short runs are cut so that every worker gets a share.
	n := opt.End - opt.First
	batch := max(1, min(16, int64(window/(2*w)), (n+int64(w)-1)/int64(w)))
	nb := (window + int(batch) - 1) / int(batch)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type lot struct {
		first int64
		recs  []Record
		n     int
	}
	free := make(chan *lot, nb)
	for range nb {
		l := &lot{recs: make([]Record, batch)}
		// one backing array for the lot's lineups (capped per record)
		seats := m.Seats()
		lineups := make([]int, int(batch)*seats)
		for i := range l.recs {
			l.recs[i].Lineup = lineups[i*seats : i*seats : (i+1)*seats]
		}
		free <- l
	}
	jobs := make(chan *lot, nb)
	done := make(chan *lot, nb)
	var errMu sync.Mutex
	var runErr error
	fail := func(err error) {
		errMu.Lock()
		if runErr == nil {
			runErr = err
		}
		errMu.Unlock()
		cancel()
	}
	failed := func() error {
		errMu.Lock()
		defer errMu.Unlock()
		return runErr
	}

	// Dispatcher: takes a free lot (so at most window games are in flight),
	// stamps its game numbers and hands it to a worker.
	go func() {
		defer close(jobs)
		for g := opt.First; g < opt.End; g += batch {
			var l *lot
			select {
			case l = <-free:
			case <-ctx.Done():
				return
			}
			l.first, l.n = g, int(min(batch, opt.End-g))
			select {
			case jobs <- l:
			case <-ctx.Done():
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range w {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := m.NewTable()
			for l := range jobs {
				for i := range l.n {
					if ctx.Err() != nil {
						return
					}
					r := &l.recs[i]
					r.Index = l.first + int64(i)
					r.Set, r.Seed, r.Lineup = sched.Game(r.Index, r.Lineup)
					if err := t.Play(r.Seed, r.Lineup, r, opt.Decisions); err != nil {
						fail(err)
						return
					}
				}
				select {
				case done <- l:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// Consumer: reorder lots into game order (at most nb are pending).
	pending := make(map[int64]*lot, nb)
	next := opt.First
	for l := range done {
		pending[l.first] = l
		for {
			q, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for i := range q.n {
				if ctx.Err() == nil {
					if err := sink(&q.recs[i]); err != nil {
						fail(err)
					}
				}
			}
			if ctx.Err() == nil {
				next += int64(q.n)
			}
			free <- q
		}
	}
	if err := failed(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		if next < opt.End {
			return err
		}
	}
	if next < opt.End {
		return fmt.Errorf("arena: run stopped after %d of %d games", next-opt.First, opt.End-opt.First)
	}
	return nil
}
