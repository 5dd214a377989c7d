package arena

// TenhouRates turns a mahjong player's summed seat stats ("hands", "wins",
// "dealins", "riichi", "calls", "win_points", and when present "draws" and
// "dealin_points") into the rates Tenhou's player statistics show: win
// rate (和了率), deal-in rate (放銃率), riichi rate (立直率) and call rate
// (副露率), each per hand played, the average points of a win (平均和了),
// the draw rate (流局率) and the average points paid for a deal-in
// (平均放銃). Average rank (平均順位) is the table's "avg place" column;
// rank points the summary's rank_points.
func TenhouRates(sums map[string]float64) []Extra {
	hands := sums["hands"]
	if hands == 0 {
		return nil
	}
	out := []Extra{
		{"hand win rate", sums["wins"] / hands},
		{"deal-in rate", sums["dealins"] / hands},
		{"riichi rate", sums["riichi"] / hands},
		{"call rate", sums["calls"] / hands},
	}
	avg := 0.0
	if w := sums["wins"]; w > 0 {
		avg = sums["win_points"] / w
	}
	out = append(out, Extra{"avg win points", avg})
	if _, ok := sums["dealin_points"]; ok {
		dl := 0.0
		if n := sums["dealins"]; n > 0 {
			dl = sums["dealin_points"] / n
		}
		out = append(out, Extra{"draw rate", sums["draws"] / hands}, Extra{"avg deal-in points", dl})
	}
	out = append(out, Extra{"hands/game", hands / sums["games"]})
	return out
}
