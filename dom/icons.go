package dom

import "strings"

// An Icon is a symbol the common icon fonts draw (Font Awesome, Material
// Icons and Symbols, Bootstrap Icons, Glyphicons), as a person names a
// button that shows only it: "the trash button", "the delete icon". An
// icon-font button has no name of its own (its glyph is a private-use
// character, or an empty <i class="fa fa-trash">), or a ligature word
// (<span class="material-icons">delete</span>); the page is read for
// its icon's class (the parser's pagefind.js).
type Icon struct {
	// Name is the name the button is given: the first word people say.
	Name string
	// Glyphs are the icon's names in the fonts' classes and ligatures,
	// without their prefix (fa-, bi-, glyphicon-) and with - and _ as
	// one: "trash-can" is fa-trash-can, "delete_outline" Material's.
	Glyphs []string
	// Words are what people call it, Name first.
	Words []string
}

// Icons is the one table of icon names and their synonyms.
var Icons = []Icon{
	{Name: "delete", Glyphs: []string{"trash", "trash-can", "trash-alt", "trash-o", "trash3", "trash2", "trash-fill", "trash3-fill", "delete", "delete-outline", "delete-forever", "bin"}, Words: []string{"delete", "trash", "remove", "bin", "trash can", "garbage", "destroy"}},
	{Name: "edit", Glyphs: []string{"pencil", "pencil-alt", "pencil-square", "pencil-fill", "pen", "pen-to-square", "pen-fill", "edit", "edit-note", "create", "pencil-square-o"}, Words: []string{"edit", "pencil", "pen", "modify", "change"}},
	{Name: "add", Glyphs: []string{"plus", "plus-lg", "plus-circle", "plus-square", "plus-circle-fill", "add", "add-circle", "add-box", "circle-plus", "square-plus"}, Words: []string{"add", "plus", "new", "create"}},
	{Name: "close", Glyphs: []string{"xmark", "x", "x-lg", "x-circle", "x-circle-fill", "times", "times-circle", "close", "circle-xmark", "rectangle-xmark", "cancel", "clear"}, Words: []string{"close", "xmark", "x", "times", "dismiss", "cancel"}},
	{Name: "search", Glyphs: []string{"magnifying-glass", "search", "zoom", "binoculars"}, Words: []string{"search", "magnifying glass", "find", "magnifier"}},
	{Name: "settings", Glyphs: []string{"gear", "gears", "gear-fill", "cog", "cogs", "settings", "sliders"}, Words: []string{"settings", "gear", "cog", "preferences", "options"}},
	{Name: "menu", Glyphs: []string{"bars", "menu", "hamburger", "navicon", "justify"}, Words: []string{"menu", "hamburger", "bars"}},
	{Name: "more", Glyphs: []string{"ellipsis", "ellipsis-v", "ellipsis-h", "ellipsis-vertical", "three-dots", "three-dots-vertical", "more-vert", "more-horiz"}, Words: []string{"more", "ellipsis", "three dots", "kebab"}},
	{Name: "save", Glyphs: []string{"floppy-disk", "save", "floppy", "floppy-fill", "floppy-o"}, Words: []string{"save", "floppy", "disk"}},
	{Name: "download", Glyphs: []string{"download", "file-arrow-down", "cloud-download", "cloud-arrow-down", "file-download"}, Words: []string{"download"}},
	{Name: "upload", Glyphs: []string{"upload", "file-arrow-up", "cloud-upload", "cloud-arrow-up", "file-upload"}, Words: []string{"upload"}},
	{Name: "refresh", Glyphs: []string{"refresh", "rotate", "rotate-right", "arrows-rotate", "arrow-clockwise", "arrow-repeat", "sync", "redo", "autorenew"}, Words: []string{"refresh", "reload", "sync"}},
	{Name: "copy", Glyphs: []string{"copy", "clone", "clipboard", "content-copy", "files"}, Words: []string{"copy", "duplicate", "clone"}},
	{Name: "home", Glyphs: []string{"house", "home", "house-door", "house-fill"}, Words: []string{"home", "house"}},
	{Name: "user", Glyphs: []string{"user", "person", "person-circle", "account-circle", "circle-user", "user-circle"}, Words: []string{"user", "account", "profile", "person"}},
	{Name: "cart", Glyphs: []string{"cart-shopping", "shopping-cart", "cart", "cart-fill", "basket", "bag", "shopping-bag"}, Words: []string{"cart", "basket", "shopping cart", "bag"}},
	{Name: "favorite", Glyphs: []string{"heart", "heart-fill", "favorite", "favorite-border"}, Words: []string{"favorite", "favourite", "heart", "like"}},
	{Name: "star", Glyphs: []string{"star", "star-fill", "grade"}, Words: []string{"star"}},
	{Name: "filter", Glyphs: []string{"filter", "funnel", "funnel-fill", "filter-list", "filter-alt"}, Words: []string{"filter", "funnel"}},
	{Name: "share", Glyphs: []string{"share", "share-nodes", "share-alt", "share-fill", "share-from-square"}, Words: []string{"share"}},
	{Name: "print", Glyphs: []string{"print", "printer", "printer-fill"}, Words: []string{"print", "printer"}},
	{Name: "info", Glyphs: []string{"info", "circle-info", "info-circle", "info-circle-fill", "info-lg"}, Words: []string{"info", "information"}},
	{Name: "help", Glyphs: []string{"question", "circle-question", "question-circle", "help", "help-outline", "question-lg"}, Words: []string{"help", "question", "question mark"}},
	{Name: "notifications", Glyphs: []string{"bell", "bell-fill", "notifications", "notifications-none"}, Words: []string{"notifications", "bell", "alerts"}},
	{Name: "mail", Glyphs: []string{"envelope", "envelope-fill", "mail", "email", "inbox"}, Words: []string{"mail", "email", "envelope", "message"}},
	{Name: "show", Glyphs: []string{"eye", "eye-fill", "visibility"}, Words: []string{"show", "eye", "view"}},
	{Name: "hide", Glyphs: []string{"eye-slash", "eye-slash-fill", "visibility-off"}, Words: []string{"hide", "eye slash"}},
	{Name: "lock", Glyphs: []string{"lock", "lock-fill"}, Words: []string{"lock"}},
	{Name: "log out", Glyphs: []string{"sign-out", "sign-out-alt", "right-from-bracket", "box-arrow-right", "logout"}, Words: []string{"log out", "logout", "sign out"}},
	{Name: "done", Glyphs: []string{"check", "check-lg", "check2", "circle-check", "check-circle", "done", "check-square"}, Words: []string{"done", "check", "tick", "ok", "confirm"}},
	{Name: "remove", Glyphs: []string{"minus", "dash", "dash-lg", "remove-circle", "circle-minus", "minus-circle"}, Words: []string{"remove", "minus", "dash", "subtract"}},
	{Name: "next", Glyphs: []string{"chevron-right", "angle-right", "arrow-right", "caret-right", "arrow-forward", "navigate-next", "chevron-forward"}, Words: []string{"next", "forward", "right arrow", "chevron right"}},
	{Name: "previous", Glyphs: []string{"chevron-left", "angle-left", "arrow-left", "caret-left", "arrow-back", "navigate-before", "chevron-back"}, Words: []string{"previous", "back", "left arrow", "chevron left"}},
	{Name: "expand", Glyphs: []string{"chevron-down", "angle-down", "caret-down", "expand-more"}, Words: []string{"expand", "chevron down", "down arrow"}},
	{Name: "collapse", Glyphs: []string{"chevron-up", "angle-up", "caret-up", "expand-less"}, Words: []string{"collapse", "chevron up", "up arrow"}},
	{Name: "calendar", Glyphs: []string{"calendar", "calendar-days", "calendar-alt", "calendar-event", "calendar-today", "event"}, Words: []string{"calendar", "date picker"}},
}

// IconKindPrefix starts the Node.Kind of an element known by its icon:
// "icon:delete".
const IconKindPrefix = "icon:"

// iconPrefixes are the class prefixes of the fonts' glyph classes.
var iconPrefixes = []string{"fa-", "bi-", "glyphicon-", "icon-", "mdi-"}

// iconFontClasses are the classes of an element that draws a ligature
// word as its glyph (Material Icons and Symbols).
func iconFontClass(c string) bool {
	return strings.HasPrefix(c, "material-icons") || strings.HasPrefix(c, "material-symbols")
}

// IconOf is the icon an element draws, read from its classes (an <i>'s
// "fa fa-trash", "bi bi-trash") or, for a Material icon, its ligature
// text; glyph is the class or ligature it was read from. ok is false
// when no class or ligature is one of Icons.
func IconOf(classes []string, ligature string) (ic Icon, glyph string, ok bool) {
	material := false
	for _, c := range classes {
		c = strings.ToLower(c)
		material = material || iconFontClass(c)
		for _, p := range iconPrefixes {
			if name, cut := strings.CutPrefix(c, p); cut {
				if ic, ok := glyphIcon(name); ok {
					return ic, c, true
				}
			}
		}
	}
	if l := strings.ToLower(strings.TrimSpace(ligature)); material && l != "" {
		if ic, ok := glyphIcon(l); ok {
			return ic, l, true
		}
	}
	return Icon{}, "", false
}

// IconNamed is the icon of Icons whose Name is name.
func IconNamed(name string) (Icon, bool) {
	for _, ic := range Icons {
		if ic.Name == name {
			return ic, true
		}
	}
	return Icon{}, false
}

// glyphIcon is the icon a glyph name (without its font's prefix) is:
// "trash-can" and "delete_outline" are both the delete icon.
func glyphIcon(name string) (Icon, bool) {
	name = strings.ReplaceAll(strings.ToLower(name), "_", "-")
	for _, ic := range Icons {
		for _, g := range ic.Glyphs {
			if g == name {
				return ic, true
			}
		}
	}
	return Icon{}, false
}
