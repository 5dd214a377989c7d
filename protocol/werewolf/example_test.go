package werewolf_test

import (
	"fmt"

	"gamelab/protocol/werewolf"
	ww "gamelab/sim/werewolf"
)

// A bot's structured message goes on the wire as a tag plus words, and
// comes back as the same content.
func ExampleFormatTalk() {
	names := []string{"Bear", "Fox", "Owl"}
	c := ww.Divined(1, ww.RoleWerewolf)
	msg := werewolf.FormatTalk(c, werewolf.Say(c, names), names)
	fmt.Println(msg)
	back, text := werewolf.ParseTalk(msg, names)
	fmt.Println(back == c, text)
	// Output:
	// [divined Fox werewolf] I divined Fox: werewolf.
	// true I divined Fox: werewolf.
}

// Free text without a tag carries no structured content.
func ExampleParseTalk() {
	c, text := werewolf.ParseTalk("Good morning, everyone!", []string{"Bear", "Fox"})
	fmt.Println(c == ww.NoContent, text)
	c, text = werewolf.ParseTalk("[co fortune_teller] It's me.", []string{"Bear", "Fox"})
	fmt.Println(c.Kind, c.Role, text)
	// Output:
	// true Good morning, everyone!
	// co seer It's me.
}
