// The helpers of the colour checks (kinds.go's colour kind): the colour a
// person sees an element in, named by its family, the one place that
// tells a colour's family. One declaration a line, as checks.js; a check's
// function holds those it calls, and plaintest prove's mutation
// (mutations.js's colour_changed) and the spec export's coloursOf read
// the same ones.
//   rgbaOf        a CSS colour as getComputedStyle gives it ("rgb(220, 38,
//                 38)", "rgba(0, 0, 0, 0)", and any other syntax the
//                 browser paints, through a canvas: "oklch(…)") as [r, g,
//                 b, a]: r, g, b from 0 to 255, a from 0 to 1; one the
//                 browser does not read is transparent
//   colourFamily  the family a person names [r, g, b, a] by: transparent
//                 for alpha 0; black, white or grey for a colour with
//                 little hue in it (or very dark, or very light); else by
//                 hue, saturation and lightness: red (dark red too; light
//                 red is pink), orange (brown when dark or dull), yellow,
//                 green, blue, purple, pink
//   colourSwatch  a colour of each family, for a page a mutation colours
//   coloursSeen   what a colour check reads of el, each {what, family,
//                 rgb}: with how 'text' the colour of its text, with
//                 'background' the colour behind it (its own background,
//                 else the first of its ancestors' that is not
//                 transparent, over the page's white; a translucent one
//                 blended over what is behind it), else its text and, when
//                 it has a background of its own, that (a badge, a
//                 button): either is the colour a person names it by; the
//                 text's colour blended over what is behind it
//   coloursSaid   what coloursSeen read, in words for a failure: "green
//                 (rgb(25, 135, 84))", "white (text rgb(255, 255, 255))
//                 on green (background rgb(25, 135, 84))"
const rgbaOf = s => { const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(String(s ?? '').trim()); if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : m[5] ? m[4] / 100 : +m[4]];
  if (!CSS.supports('color', String(s))) return [0, 0, 0, 0]; const x = document.createElement('canvas').getContext('2d', {willReadFrequently: true}); x.canvas.width = 1; x.canvas.height = 1; x.clearRect(0, 0, 1, 1); x.fillStyle = String(s); x.fillRect(0, 0, 1, 1); const d = x.getImageData(0, 0, 1, 1).data; return [d[0], d[1], d[2], d[3] / 255]; };
const colourFamily = ([r, g, b, a]) => { if (!(a > 0)) return 'transparent'; const R = r / 255, G = g / 255, B = b / 255, max = Math.max(R, G, B), min = Math.min(R, G, B), d = max - min, l = (max + min) / 2, s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (d < 0.1 || s < 0.15) return l < 0.2 ? 'black' : l > 0.9 ? 'white' : 'grey'; if (l < 0.1) return 'black'; if (l > 0.94) return 'white';
  const h = (max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4) * 60;
  if (h < 15 || h >= 345) return l >= 0.8 ? 'pink' : 'red'; if (h < 45) return l < 0.42 || s < 0.5 ? 'brown' : 'orange'; if (h < 70) return 'yellow'; if (h < 165) return 'green'; if (h < 260) return 'blue'; if (h < 315) return 'purple'; return 'pink'; };
const colourSwatch = f => ({red: 'rgb(220, 38, 38)', orange: 'rgb(249, 115, 22)', yellow: 'rgb(250, 204, 21)', green: 'rgb(22, 163, 74)', blue: 'rgb(37, 99, 235)', purple: 'rgb(147, 51, 234)', pink: 'rgb(236, 72, 153)', brown: 'rgb(120, 53, 15)', grey: 'rgb(128, 128, 128)', black: 'rgb(0, 0, 0)', white: 'rgb(255, 255, 255)'})[f];
const coloursSeen = (el, how) => { const up = e => e.assignedSlot || e.parentElement || (e.getRootNode && e.getRootNode().host) || null;
  const over = (t, u) => { const a = t[3] + u[3] * (1 - t[3]); return a === 0 ? [0, 0, 0, 0] : [0, 1, 2].map(i => (t[i] * t[3] + u[i] * u[3] * (1 - t[3])) / a).concat(a); };
  let back = [0, 0, 0, 0]; for (let a = el; a && back[3] < 1; a = up(a)) back = over(back, rgbaOf(getComputedStyle(a).backgroundColor)); back = over(back, [255, 255, 255, 1]);
  const seen = (what, c) => ({what, family: colourFamily(c), rgb: 'rgb(' + c.slice(0, 3).map(Math.round).join(', ') + ')'}), st = getComputedStyle(el), text = seen('text', over(rgbaOf(st.color), back));
  if (how === 'text') return [text]; if (how === 'background') return [seen('background', back)]; return rgbaOf(st.backgroundColor)[3] > 0 ? [text, seen('background', back)] : [text]; };
const coloursSaid = cs => cs.map(c => c.family + ' (' + (cs.length > 1 ? c.what + ' ' : '') + c.rgb + ')').join(' on ');
