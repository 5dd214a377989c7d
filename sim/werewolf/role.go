package werewolf

import "fmt"

// Role is a seat's role. The zero value RoleNone means "unknown" in a View.
// A divine or medium result is a Role too: RoleVillager or RoleWerewolf
// (results are binary; the madman is seen as a villager).
type Role uint8

// The roles, in the order the rules count them.
const (
	RoleNone     Role = iota // unknown / no role
	RoleVillager             // 村人: no power
	RoleSeer                 // 占い師 (fortune_teller): divines one player a night
	RoleMedium               // 霊能者 (psychic): learns the species of each executed player
	RoleWerewolf             // 人狼: kills at night with the pack, knows the pack
	RoleMadman               // 狂人: human, wins with the wolves, does not know them
	NumRoles
)

var roleNames = [NumRoles]string{"none", "villager", "seer", "medium", "werewolf", "madman"}

// specNames are the role words of the spec's JSON ("fortune_teller", …).
var specNames = [NumRoles]string{"hidden", "villager", "fortune_teller", "psychic", "werewolf", "madman"}

// String gives the lab's name of the role ("seer"); it is also the SeatTag
// of Result.
func (r Role) String() string {
	if r < NumRoles {
		return roleNames[r]
	}
	return fmt.Sprintf("role(%d)", uint8(r))
}

// SpecName gives the spec's JSON word for the role: "fortune_teller" for the
// seer, "psychic" for the medium, "hidden" for RoleNone.
func (r Role) SpecName() string {
	if r < NumRoles {
		return specNames[r]
	}
	return r.String()
}

// ParseRole reads a role from its lab name or its spec name (also "wolf",
// "possessed" and the plural forms of the spec's config, e.g. "werewolves").
func ParseRole(s string) (Role, error) {
	for i := Role(0); i < NumRoles; i++ {
		if s == roleNames[i] || s == specNames[i] {
			return i, nil
		}
	}
	switch s {
	case "villagers":
		return RoleVillager, nil
	case "wolf", "werewolves", "wolves":
		return RoleWerewolf, nil
	case "possessed":
		return RoleMadman, nil
	case "unknown":
		return RoleNone, nil
	}
	return RoleNone, fmt.Errorf("%w: unknown role %q", ErrParse, s)
}

// Species is what the seer and the medium see: RoleWerewolf for a werewolf,
// RoleVillager for everyone else (the madman included).
func (r Role) Species() Role {
	if r == RoleWerewolf {
		return RoleWerewolf
	}
	return RoleVillager
}

// Team is a side of the game.
type Team uint8

// The teams. TeamNone: no winner yet.
const (
	TeamNone     Team = iota
	TeamVillage       // villager, seer, medium
	TeamWerewolf      // werewolf, madman
)

// Team gives the side a role plays for.
func (r Role) Team() Team {
	switch r {
	case RoleWerewolf, RoleMadman:
		return TeamWerewolf
	case RoleNone:
		return TeamNone
	}
	return TeamVillage
}

// String gives the team's name.
func (t Team) String() string {
	switch t {
	case TeamVillage:
		return "village"
	case TeamWerewolf:
		return "werewolf"
	}
	return "none"
}
