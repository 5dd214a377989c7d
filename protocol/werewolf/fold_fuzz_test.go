package werewolf

import (
	"encoding/json"
	"testing"
)

// FuzzFoldServerData folds arbitrary server answers (a Seen decoded from
// JSON: game, status, messages, results) as the client does and lists the
// legal actions: a server that speaks the spec badly or maliciously gets
// an error, never a panic or a hang.
func FuzzFoldServerData(f *testing.F) {
	f.Add(`{"Info":{"players":[{"name":"Fox","status":"alive"},{"name":"Bear","status":"alive"},{"name":"Cat","status":"dead"},{"name":"Owl","status":"alive"},{"name":"Elk","status":"alive"}],"day_count":2,"status":"day","phase_results":[{"phase":"night_1","killed":"Cat"},{"phase":"day_1","executed":"Owl","votes":[{"voter":"Fox","target":"Owl"}]}]},"Status":{"player_name":"Fox","role":"werewolf","game_phase":"day","phase_detail":"voting","can_act":true,"werewolves":["Fox","Bear"],"remaining_speaks":2},"Messages":[{"speaker":"Bear","message":"[vote Owl]","target":"werewolf","day":1,"phase":"night"}]}`)
	f.Add(`{"Info":{"players":[{"name":"A"}],"day_count":2000000000},"Status":{"player_name":"A","role":"villager","game_phase":"day","phase_detail":"discussion"}}`)
	f.Add(`{"Info":{"players":[{"name":"A"},{"name":"B"}],"day_count":3,"role_counts":{"werewolf":-200,"villager":1000}},"Status":{"player_name":"B","role":"fortune_teller","game_phase":"night"},"Divines":[{"day":-5,"target":"Z","result":"werewolf"}],"Psychic":[{"day":300,"target":"A","result":"human"}]}`)
	f.Fuzz(func(t *testing.T, data string) {
		var s Seen
		if json.Unmarshal([]byte(data), &s) != nil {
			return
		}
		v, names, err := Fold(s)
		if err != nil {
			return
		}
		if len(names) != len(s.Info.Players) {
			t.Fatalf("%d names for %d players", len(names), len(s.Info.Players))
		}
		Legal(&v, s.Status, nil)
	})
}
