package werewolf

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gamelab/sim"
	ww "gamelab/sim/werewolf"
)

// roundTrip passes v through its JSON form, as the wire does.
func roundTrip[T any](t *testing.T, v T) T {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// seenDirect is what a player reads, taken from the handlers' own
// functions and passed through JSON (as readSeen, without HTTP: fast).
func seenDirect(t *testing.T, g *game, seat int) Seen {
	st, err := g.status(context.Background(), seat)
	if err != nil {
		t.Fatal(err)
	}
	s := Seen{Status: roundTrip(t, st), Info: roundTrip(t, g.info()), Messages: roundTrip(t, g.messagesFor(seat)).Messages}
	if dr, err := g.divineResults(seat); err == nil {
		s.Divines = roundTrip(t, dr).Results
	}
	if pr, err := g.psychicResults(seat); err == nil {
		s.Psychic = roundTrip(t, pr).Results
	}
	return s
}

// readSeen reads what a player sees, as the client does.
func readSeen(ctx context.Context, c *Client, game, token string) (Seen, error) {
	var s Seen
	var err error
	if s.Status, err = c.Status(ctx, game, token); err != nil {
		return s, err
	}
	if s.Info, err = c.Game(ctx, game); err != nil {
		return s, err
	}
	m, err := c.Messages(ctx, game, token)
	if err != nil {
		return s, err
	}
	s.Messages = m.Messages
	if dr, err := c.DivineResults(ctx, game, token); err == nil {
		s.Divines = dr.Results
	}
	if pr, err := c.PsychicResults(ctx, game, token); err == nil {
		s.Psychic = pr.Results
	}
	return s, nil
}

// TestFoldMatchesEngine is the live path's property: engine events ->
// rendered as the spec's JSON -> read by the client -> Fold == the
// engine's View(seat), for every seat after every step of random 5-, 7-
// and 9-player games, except for the fields the spec's API does not carry
// (other players' passes, the other wolves' kill choices). Legal from the
// client equals the engine's Legal too.
func TestFoldMatchesEngine(t *testing.T) {
	ts := startServer(t, "", 1)
	ctx := context.Background()
	checked := 0
	for gi, n := range []int{5, 7, 9} {
		g, err := ts.c.CreateGame(ctx, CreateGameRequest{PlayerCount: n, Seed: uint64(700 + gi)})
		if err != nil {
			t.Fatal(err)
		}
		gm := ts.srv.lookup(g.GameID)
		players := make([]*randomPlayer, n)
		for i, cr := range g.Players {
			players[i] = &randomPlayer{c: ts.c, game: g.GameID, token: cr.Token, rng: newRand(uint64(gi)+50, uint64(i))}
		}
		for step := 0; step < 3000; step++ {
			more, err := players[step%n].step(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range g.Players {
				var seen Seen
				if step%10 == 0 {
					// Now and then over HTTP, as the client reads.
					if seen, err = readSeen(ctx, ts.c, g.GameID, p.Token); err != nil {
						t.Fatal(err)
					}
				} else {
					seen = seenDirect(t, gm, i)
				}
				got, _, err := Fold(seen)
				if err != nil {
					t.Fatal(err)
				}
				gm.mu.Lock()
				want := gm.st.View(sim.Seat(i))
				wantLegal := gm.st.Legal(sim.Seat(i), nil)
				started := gm.started()
				gm.mu.Unlock()
				if !started {
					continue
				}
				// Not on the wire.
				got.Passed = want.Passed
				for w := range got.PackChoice {
					if sim.Seat(w) != got.Seat {
						got.PackChoice[w] = want.PackChoice[w]
					}
				}
				if got != want {
					t.Fatalf("game %d step %d seat %d (%s, %s day %d %s):\n got %s\nwant %s", n, step, i, seen.Status.Role, seen.Status.GamePhase, seen.Info.DayCount, seen.Status.PhaseDetail, viewDiff(got, want), viewDiff(want, got))
				}
				gotLegal := Legal(&got, seen.Status, nil)
				if fmt.Sprint(gotLegal) != fmt.Sprint(wantLegal) {
					t.Fatalf("game %d step %d seat %d: legal\n got %v\nwant %v", n, step, i, gotLegal, wantLegal)
				}
				checked++
			}
			if !more {
				break
			}
		}
	}
	t.Logf("%d views checked", checked)
}

// viewDiff prints the fields of a that differ from b.
func viewDiff(a, b ww.View) string {
	av, bv := reflect.ValueOf(a), reflect.ValueOf(b)
	var out []string
	for i := range av.NumField() {
		if !reflect.DeepEqual(av.Field(i).Interface(), bv.Field(i).Interface()) {
			out = append(out, fmt.Sprintf("%s=%v", av.Type().Field(i).Name, av.Field(i).Interface()))
		}
	}
	return strings.Join(out, " ")
}
