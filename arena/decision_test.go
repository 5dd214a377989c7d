package arena

import "testing"

// A recorded decision's ChosenIndex points at the legal action taken; a
// werewolf message, which adds its free text to a legal message, points
// at the longest legal text it extends.
func TestChosenIndex(t *testing.T) {
	for _, c := range []struct {
		legal  []string
		chosen string
		want   int32
	}{
		{[]string{"discard 1m", "discard 2m", "riichi 2m"}, "discard 2m", 1},
		{[]string{"pass", "talk", "talk co seer"}, `talk co seer "I am the seer"`, 2},
		{[]string{"pass", "talk", "talk co seer"}, `talk "hello"`, 1},
		{[]string{"vote 1", "vote 12"}, "vote 12", 1},
		{[]string{"vote 1", "vote 2"}, "vote 3", -1},
		{nil, "pass", -1},
	} {
		if got := chosenIndex(c.legal, c.chosen); got != c.want {
			t.Errorf("chosenIndex(%q, %q) = %d, want %d", c.legal, c.chosen, got, c.want)
		}
	}
}
