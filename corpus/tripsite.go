package corpus

// SiteTrip is the pages built to trip test tools (trip/): buttons whose
// only content is a Font Awesome glyph (the npm package's CSS and fonts,
// under /node_modules/), two buttons of one name one over the other, a
// frame inside a frame each with a Save, a link whose page the server
// answers slowly, an alert opened at once by a click, a store finder that
// asks for the browser's location, and a table whose
// columns and rows come in a random order on each load. Its pages are
// under /trip/, so that they sit beside the other sites' on one server.
const SiteTrip = "trip"

// TripMutants are the broken builds of the trip pages, by name: the
// test's server of trip/ sets window.TRIP_MUTANT to the name
// (/trip/mutant.js, which the pages load first) and the page's own script
// breaks the fact said here. Each must fail some trip- scenario's replay.
var TripMutants = map[string]string{
	"trip-trash-first":      "Files: the trash button deletes the first row, not the ticked one",
	"trip-layer-under":      "Hidden layers: the second Button is laid under the first, which stays on top",
	"trip-frame-card":       "Checkout frame: its Save saves the card in the frame inside it, not the order",
	"trip-report-stale":     "Reports: the slow report shows the month before",
	"trip-alert-unsaved":    "Draft: the draft is not saved once Save's alert is answered",
	"trip-nginx-gone":       "Task manager: nginx's row is left out, nginx-proxy's stays",
	"trip-location-swapped": "Store finder: the position shows latitude and longitude swapped",
	"trip-location-guessed": "Store finder: a blocked page shows a guessed position, not that it is blocked",
}
