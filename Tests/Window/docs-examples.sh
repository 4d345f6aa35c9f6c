# React Native's documentation examples (js/test/fixtures/compat/docs-examples), one
# window: each example opened from the list, driven with the X mouse and keyboard,
# what it draws checked and shot to $OUT/docs-NAME.png. Sourced by run.sh (lib.sh's
# helpers and counters, $OUT).

start_app docs js/test/fixtures/compat/docs-examples/index.js --window --app-id org.searchlight.DocsExamples --data-dir "$WORK/docs-data"
check "docs: the list of examples renders" "$(wait_page "document.querySelector('[data-testid=open-Button]')" 30)" true
snapshot "$OUT/docs-list.png"
docs_window=$(x_window DocsExamples)
# The pointer goes back where it was at the end: the later tests' windows open where
# this one was, and a pointer over them would change what they see (hover, focus).
docs_pointer=$(xdotool getmouselocation --shell | grep -E '^[XY]=' | cut -d= -f2 | tr '\n' ' ')

# el ID : the page expression of the element with that testID.
el() { printf "document.querySelector('[data-testid=\"%s\"]')" "$1"; }
# mouse_to ID : moves the X pointer to the middle of the element's first box, scrolled
# into view (the page fills the window).
mouse_to() {
  local at
  at=$(page_js "const e = $(el "$1"); e.scrollIntoView({ block: 'nearest' }); const r = e.getClientRects()[0]; return Math.round(r.left + r.width / 2) + ' ' + Math.round(r.top + r.height / 2)")
  at=${at//\"/}
  xdotool mousemove --window "$docs_window" ${at% *} ${at#* }
}
# tap ID : an X mouse click on the element.
tap() { mouse_to "$1"; xdotool click 1; }
# open_example NAME : taps its row in the list and waits for its screen.
open_example() {
  tap "open-$1"
  check "docs $1: the example opens" "$(wait_page "$(el "example-$1")" 5)" true
}
back() {
  tap back
  wait_page "$(el open-View)" 5 >/dev/null
}
settle() { sleep 0.3; }

open_example View
check "docs View: the boxes share the row 3 : 5, 60 high inside the padding, the text after them" \
  "$(page_js "const b = $(el blue), r = $(el red), t = $(el row).lastChild; return [Math.round(r.offsetWidth / b.offsetWidth * 3), b.offsetHeight, r.offsetHeight, t.getBoundingClientRect().left >= r.getBoundingClientRect().right, t.textContent]")" \
  '[5,60,60,true,"Two boxes!"]'
snapshot "$OUT/docs-View.png"
back

open_example Text
tap title
check "docs Text: the tapped title changes, bold, and the body takes the outer font" \
  "$(wait_page "$(el title).textContent.includes('[tapped]')" 5) $(page_js "return [getComputedStyle($(el title)).fontWeight, getComputedStyle($(el body)).fontFamily === getComputedStyle($(el nest)).fontFamily, $(el body).getBoundingClientRect().top > $(el title).getBoundingClientRect().top]")" \
  'true ["700",true,true]'
check "docs Text: the body is cut at five lines (numberOfLines)" \
  "$(page_js "const b = $(el body); return [getComputedStyle(b).webkitLineClamp, b.scrollHeight > b.clientHeight + 10]")" '["5",true]'
snapshot "$OUT/docs-Text.png"
back

open_example Image
check "docs Image: the bundled picture and the data: URI load, at their styles' sizes" \
  "$(wait_page "$(el bundled).firstChild.complete && $(el data-uri).firstChild.complete" 5) $(page_js "const a = $(el bundled), b = $(el data-uri); return [a.offsetWidth, a.offsetHeight, a.firstChild.naturalWidth, b.offsetWidth, b.offsetHeight, b.firstChild.naturalWidth]")" \
  'true [50,50,48,66,58,4]'
snapshot "$OUT/docs-Image.png"
back

open_example ScrollView
mouse_to scroller
xdotool click 5 click 5 click 5
check "docs ScrollView: the text is taller than the screen and the mouse wheel scrolls it" \
  "$(wait_page "$(el scroller).scrollTop > 0 && $(el scroller).scrollHeight > $(el scroller).clientHeight" 5)" true
snapshot "$OUT/docs-ScrollView.png"
back

open_example FlatList
tap item-bilberry
settle
check "docs FlatList: the tapped item is drawn selected, the others not" \
  "$(page_js "return ['apricot', 'bilberry', 'cherry'].map((id) => (() => { const item = document.querySelector('[data-testid=item-' + id + ']'); return getComputedStyle(item).backgroundColor + ' ' + getComputedStyle(item.firstChild).color; })())")" \
  '["rgb(249, 194, 255) rgb(0, 0, 0)","rgb(110, 59, 110) rgb(255, 255, 255)","rgb(249, 194, 255) rgb(0, 0, 0)"]'
snapshot "$OUT/docs-FlatList.png"
back

open_example TextInput
check "docs TextInput: the numeric field shows its placeholder" \
  "$(page_js "const n = $(el number); return [n.value, n.placeholder, n.inputMode]")" '["","How many pears?","decimal"]'
tap text
page_js "const t = $(el text); t.setSelectionRange(t.value.length, t.value.length); return true" >/dev/null
xdotool type --delay 60 ' to keep'
tap number
xdotool type --delay 60 '12'
check "docs TextInput: what is typed on the X keyboard is in the fields" \
  "$(wait_page "$(el text).value === 'Useful text to keep' && $(el number).value === '12'" 5)" true
snapshot "$OUT/docs-TextInput.png"
back

open_example Pressable
mouse_to pressable
xdotool mousedown 1
check "docs Pressable: while pressed, the style and children functions draw it pressed" \
  "$(wait_page "$(el pressable).textContent === 'Pressed!' && getComputedStyle($(el pressable)).backgroundColor === 'rgb(210, 230, 255)'" 5)" true
snapshot "$OUT/docs-Pressable-pressed.png"
xdotool mouseup 1
check "docs Pressable: released, it is drawn again and the log says onPress" \
  "$(wait_page "$(el pressable).textContent === 'Press Me' && $(el log).textContent === 'onPress'" 5)" true
xdotool click 1
check "docs Pressable: a second press is counted" "$(wait_page "$(el log).textContent === '2x onPress'" 5)" true
back

open_example TouchableOpacity
tap button
xdotool click 1 click 1
check "docs TouchableOpacity: each tap adds one" "$(wait_page "$(el count).textContent === 'Count: 3'" 5)" true
snapshot "$OUT/docs-TouchableOpacity.png"
back

open_example Switch
check "docs Switch: off, with the off track and thumb" \
  "$(page_js "const s = $(el switch); return [s.getAttribute('aria-checked'), getComputedStyle(s).backgroundColor, getComputedStyle(s.firstChild).backgroundColor]")" \
  '["false","rgb(118, 117, 119)","rgb(244, 243, 244)"]'
tap switch
check "docs Switch: tapped, it is on, with the on track and the yellow thumb" \
  "$(wait_page "$(el switch).getAttribute('aria-checked') === 'true'" 5) $(sleep 0.3; page_js "const s = $(el switch); return [getComputedStyle(s).backgroundColor, getComputedStyle(s.firstChild).backgroundColor]")" \
  'true ["rgb(129, 176, 255)","rgb(245, 221, 75)"]'
snapshot "$OUT/docs-Switch.png"
back

open_example ActivityIndicator
check "docs ActivityIndicator: four spinning rings, small and large, in their colors" \
  "$(page_js "return ['default', 'large', 'small-blue', 'large-green'].map((id) => { const s = document.querySelector('[data-testid=\"' + id + '\"] svg'); return s.getAttribute('width') + ' ' + getComputedStyle(s.lastChild).stroke + ' ' + (getComputedStyle(s).animationName !== 'none'); })")" \
  '["20 rgb(153, 153, 153) true","36 rgb(153, 153, 153) true","20 rgb(0, 0, 255) true","36 rgb(0, 255, 0) true"]'
snapshot "$OUT/docs-ActivityIndicator.png"
back

open_example Modal
tap show
check "docs Modal: Show opens the dialog over the screen" "$(wait_page "$(el dialog) && $(el dialog).innerText.includes('Hello from the dialog!')" 5)" true
settle
snapshot "$OUT/docs-Modal.png"
tap hide
check "docs Modal: its own button hides it" "$(wait_page "!$(el dialog)" 5)" true
tap show
wait_page "$(el dialog)" 5 >/dev/null
xdotool key Escape
check "docs Modal: Escape calls onRequestClose: the app's alert, the dialog gone" \
  "$(wait_page "!$(el dialog) && document.body.innerText.includes('The dialog was closed.')" 5)" true
snapshot "$OUT/docs-Modal-closed.png"
xdotool key Escape
wait_page "!document.body.innerText.includes('The dialog was closed.')" 5 >/dev/null
back

open_example SectionList
check "docs SectionList: each header above its items, in order" \
  "$(page_js "return $(el menu).innerText.split('\n').filter(Boolean)")" \
  '["Soups","Borscht","Minestrone","Miso","Mains","Pierogi","Falafel","Paella","Sweets","Baklava","Mochi"]'
snapshot "$OUT/docs-SectionList.png"
back

open_example Button
snapshot "$OUT/docs-Button.png"
tap disabled
settle
check "docs Button: the disabled one does nothing" "$(page_js "return document.body.innerText.includes('was pressed')")" false
tap colored
check "docs Button: the colored one, in its color, shows its alert" \
  "$(wait_page "document.body.innerText.includes('The colored button was pressed')" 5) $(page_js "return getComputedStyle($(el colored)).backgroundColor")" \
  'true "rgb(241, 148, 255)"'
snapshot "$OUT/docs-Button-alert.png"
xdotool key Escape
wait_page "!$(el alert)" 5 >/dev/null
back

open_example TouchableHighlight
mouse_to button
xdotool mousedown 1
check "docs TouchableHighlight: held down, the underlay shows" \
  "$(wait_page "getComputedStyle($(el button)).backgroundColor === 'rgb(76, 175, 80)'" 5)" true
snapshot "$OUT/docs-TouchableHighlight-held.png"
xdotool mouseup 1 click 1
check "docs TouchableHighlight: each tap counts, the underlay gone" \
  "$(wait_page "$(el count).textContent === '2' && getComputedStyle($(el button)).backgroundColor === 'rgba(0, 0, 0, 0)'" 5)" true
back

open_example Alert
tap three
check "docs Alert: three buttons, in order, under the title and message" \
  "$(wait_page "$(el alert)" 5) $(page_js "return [$(el alert).getAttribute('aria-label'), $(el alert).innerText.includes('The pears go back on the shelf.'), [...$(el alert).querySelectorAll('[role=button]')].map((b) => b.textContent)]")" \
  'true ["Empty the basket?",true,["Later","Cancel","Empty it"]]'
snapshot "$OUT/docs-Alert-three.png"
tap alert-button-0
check "docs Alert: the picked button's onPress runs and the alert closes" "$(wait_page "!$(el alert) && $(el picked).textContent === 'Picked: Later'" 5)" true
tap two
wait_page "$(el alert)" 5 >/dev/null
xdotool key Escape
check "docs Alert: Escape picks the cancel button" "$(wait_page "!$(el alert) && $(el picked).textContent === 'Picked: Cancel'" 5)" true
back

open_example Animated
check "docs Animated: the box starts transparent" "$(page_js "return getComputedStyle($(el box)).opacity")" '"0"'
tap fade-in
check "docs Animated: Fade in runs the opacity up to 1, through values between" \
  "$(page_js "const seen = new Set(); for (let i = 0; i < 100; i++) { const o = Number(getComputedStyle($(el box)).opacity); seen.add(o > 0 && o < 1 ? 'between' : String(o)); if (o === 1) break; await new Promise((r) => setTimeout(r, 20)); } return [...seen].includes('between') && seen.has('1')")" true
snapshot "$OUT/docs-Animated-in.png"
tap fade-out
check "docs Animated: Fade out takes it back to 0" "$(wait_page "getComputedStyle($(el box)).opacity === '0'" 5)" true
back

open_example TouchableWithoutFeedback
mouse_to button
xdotool mousedown 1
settle
check "docs TouchableWithoutFeedback: held, the child looks the same" \
  "$(page_js "const b = $(el button); return [getComputedStyle(b).backgroundColor, getComputedStyle(b).opacity]")" '["rgb(221, 221, 221)","1"]'
xdotool mouseup 1 click 1
check "docs TouchableWithoutFeedback: each tap on the child counts" "$(wait_page "$(el count).textContent === 'Count: 2'" 5)" true
snapshot "$OUT/docs-TouchableWithoutFeedback.png"
back

open_example Dimensions
check "docs Dimensions: the window's size" "$(page_js "return $(el size).textContent")" '"Height: 760, width: 480"'
xdotool windowsize "$docs_window" 400 600
check "docs Dimensions: resizing the window draws the new size" "$(wait_page "$(el size).textContent === 'Height: 600, width: 400'" 5)" true
snapshot "$OUT/docs-Dimensions.png"
xdotool windowsize "$docs_window" 480 760
wait_page "$(el size).textContent === 'Height: 760, width: 480'" 5 >/dev/null
back

open_example BackHandler
xdotool key Escape
check "docs BackHandler: Escape runs the example's handler first: it asks" \
  "$(wait_page "$(el alert) && $(el alert).innerText.includes('Leave this example?') && $(el example-BackHandler)" 5)" true
snapshot "$OUT/docs-BackHandler.png"
tap alert-button-0
check "docs BackHandler: Stay keeps the example" "$(wait_page "!$(el alert) && $(el example-BackHandler)" 5)" true
xdotool key Escape
wait_page "$(el alert)" 5 >/dev/null
tap alert-button-1
check "docs BackHandler: Leave goes back to the list" "$(wait_page "!$(el alert) && $(el open-View)" 5)" true

open_example Clipboard
tap copy
check "docs Clipboard: what the app copied is on the desktop's clipboard" \
  "$(for _ in $(seq 1 20); do v=$(xclip -selection clipboard -o 2>/dev/null) && [ -n "$v" ] && break; sleep 0.1; done; echo "$v")" 'Three pears, one basket'
tap paste
check "docs Clipboard: read back, it is shown" "$(wait_page "$(el copied).textContent === 'Three pears, one basket'" 5)" true
snapshot "$OUT/docs-Clipboard.png"
back

open_example Share
tap share
check "docs Share: the sheet shows the message and its choices" \
  "$(wait_page "$(el alert) && $(el alert).innerText.includes('The pears are ripe')" 5) $(page_js "return [...$(el alert).querySelectorAll('[role=button]')].map((b) => b.textContent)")" \
  'true ["Copy","Email","Cancel"]'
snapshot "$OUT/docs-Share.png"
xdotool key Escape
check "docs Share: Escape dismisses it" "$(wait_page "!$(el alert) && $(el outcome).textContent === 'dismissed'" 5)" true
tap share
wait_page "$(el alert)" 5 >/dev/null
tap alert-button-0
check "docs Share: Copy shares it by the clipboard" "$(wait_page "$(el outcome).textContent === 'shared (copy)'" 5)" true
back

open_example StyleSheet
check "docs StyleSheet: the flattened style, the later one's color winning, drawn and written out" \
  "$(page_js "const h = $(el header), cs = getComputedStyle(h); return [cs.color, cs.fontSize, cs.marginBottom, Object.entries(JSON.parse($(el flattened).textContent.replace('Flattened style: ', ''))).sort().join(' ')]")" \
  '["rgb(46, 125, 50)","30px","36px","color,#2e7d32 fontSize,30 marginBottom,36"]'
snapshot "$OUT/docs-StyleSheet.png"
back

open_example PixelRatio
check "docs PixelRatio: the density (1 under Xvfb), the font scale, device pixels, a rounded size" \
  "$(page_js "return [$(el ratio).textContent, $(el font-scale).textContent, $(el layout).textContent, $(el rounded).offsetWidth, window.devicePixelRatio]")" \
  '["Pixel ratio: 1","Font scale: 1","200 layout pixels are 200 device pixels",50,1]'
snapshot "$OUT/docs-PixelRatio.png"
back

open_example KeyboardAvoidingView
check "docs KeyboardAvoidingView: the form sits at the bottom of the screen" \
  "$(page_js "return Math.round(window.innerHeight - $(el sent).getBoundingClientRect().bottom) <= 24 + 20")" true
tap name
xdotool type --delay 60 'Ada'
tap submit
check "docs KeyboardAvoidingView: the field takes typing and the button answers" "$(wait_page "$(el sent).textContent === 'Thanks, Ada!'" 5)" true
snapshot "$OUT/docs-KeyboardAvoidingView.png"
back

open_example StatusBar
status_texts() { page_js "return [$(el visibility).textContent, $(el style).textContent, Math.round($(el visibility).getBoundingClientRect().top)]"; }
status_before=$(status_texts)
check "docs StatusBar: draws nothing of its own" "$(page_js "return [$(el status-bar) === null, $(el status-screen).children.length]")" '[true,4]'
tap toggle
tap change-style
settle
status_after=$(status_texts)
check "docs StatusBar: hidden and restyled, and the screen did not move" \
  "${status_before%,*}] ${status_after}" \
  "[\"StatusBar Visibility: Visible\",\"StatusBar Style: default\"] [\"StatusBar Visibility: Hidden\",\"StatusBar Style: dark-content\",${status_before##*,}"
snapshot "$OUT/docs-StatusBar.png"
back

open_example SafeAreaView
check "docs SafeAreaView: no insets: it fills the screen and its content starts at its corner" \
  "$(page_js "const a = $(el safe-area).getBoundingClientRect(), p = $(el example-SafeAreaView).getBoundingClientRect(), c = $(el content).getBoundingClientRect(); return [a.width === p.width, a.height === p.height, c.left === a.left, c.top === a.top, getComputedStyle($(el safe-area)).paddingTop, $(el content).textContent]")" \
  '[true,true,true,true,"0px","Page content"]'
snapshot "$OUT/docs-SafeAreaView.png"
stop_app
xdotool mousemove $docs_pointer
check "docs: nothing on stderr" "$(cat "$WORK/docs.err")" ""
