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
	// 0 means 8 per worker. Memory is O(Window), not O(games).
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
		window = 8 * w
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	free := make(chan *Record, window)
	for range window {
		free <- &Record{Lineup: make([]int, 0, m.Seats())}
	}
	jobs := make(chan *Record, window)
	done := make(chan *Record, window)
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

	// Dispatcher: takes a free record (so at most window are in flight),
	// stamps its game number and hands it to a worker.
	go func() {
		defer close(jobs)
		for g := opt.First; g < opt.End; g++ {
			var r *Record
			select {
			case r = <-free:
			case <-ctx.Done():
				return
			}
			r.Index = g
			select {
			case jobs <- r:
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
			for r := range jobs {
				if ctx.Err() != nil {
					return
				}
				var seed uint64
				r.Set, seed, r.Lineup = sched.Game(r.Index, r.Lineup)
				r.Seed = seed
				if err := t.Play(seed, r.Lineup, r, opt.Decisions); err != nil {
					fail(err)
					return
				}
				select {
				case done <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// Consumer: reorder into game order with a map bounded by window.
	pending := make(map[int64]*Record, window)
	next := opt.First
	for r := range done {
		pending[r.Index] = r
		for {
			q, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if ctx.Err() == nil {
				if err := sink(q); err != nil {
					fail(err)
				}
			}
			next++
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
