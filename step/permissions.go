package step

// Permissions is what a test's permission sentences ("allow location
// access", "deny the camera") ask of the browser context it runs in, from
// its start: the permissions granted, those denied (every permission not
// granted is denied once a test says any), and the position reported when
// geolocation is granted.
type Permissions struct {
	Granted, Denied []string
	// Latitude and Longitude are the position, when Granted has
	// geolocation.
	Latitude, Longitude float64
}
