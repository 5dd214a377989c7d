package werewolf

import (
	"errors"
	"fmt"
	"testing"

	"gamelab/sim"
	ww "gamelab/sim/werewolf"
)

func TestHTTPStatus(t *testing.T) {
	s, _ := ww.NewDealt(ww.Default(2, 1, 0, 1, 1), []ww.Role{ww.RoleSeer, ww.RoleVillager, ww.RoleVillager, ww.RoleWerewolf, ww.RoleMadman}, 1)
	cases := []struct {
		seat sim.Seat
		a    ww.Action
		want int
	}{
		{1, ww.Divine(2), 403}, {0, ww.Divine(0), 400}, {0, ww.Vote(1), 409}, {1, ww.Whisper(ww.NoContent, "x"), 403},
		{1, ww.Pass(), 403}, {3, ww.Whisper(ww.NoContent, "x"), 200},
	}
	for _, c := range cases {
		if got := HTTPStatus(s.Apply(c.seat, c.a)); got != c.want {
			t.Errorf("seat %d %v: %d, want %d", c.seat, c.a, got, c.want)
		}
	}
	_, perr := ww.ParseAction("jump")
	if HTTPStatus(perr) != 400 || HTTPStatus(fmt.Errorf("x: %w", ww.ErrRules)) != 400 {
		t.Error("parse and rules errors are bad requests")
	}
	if HTTPStatus(errors.New("other")) != 500 || HTTPStatus(nil) != 200 {
		t.Error("HTTPStatus of other errors")
	}
}
