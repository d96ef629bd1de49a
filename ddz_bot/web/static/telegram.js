// Telegram's frame around the page: its bottom buttons (Play the main one, Pass the secondary
// one, in the theme's colours), haptics, the closing confirmation, and no vertical swipe that
// would close the app while a finger slides across the cards. Outside Telegram (a browser,
// the tests without telegram-web-app.js) none of it is there and the page draws its own buttons.

const webApp = window.Telegram && window.Telegram.WebApp;
export const tg = webApp && webApp.initData !== undefined ? webApp : null;

function atLeast(version) {
  try { return !tg.isVersionAtLeast || tg.isVersionAtLeast(version); } catch (e) { return false; }
}

// Inside a Telegram client, not Telegram's script in a plain browser (no launch data there,
// platform "unknown"): only then is there a bottom bar to put buttons in.
const inside = !!tg && !!tg.initData && tg.platform !== "unknown";
const mainButton = inside && tg.MainButton && atLeast("6.1") ? tg.MainButton : null;
const secondaryButton = inside && tg.SecondaryButton && atLeast("7.10") ? tg.SecondaryButton : null;

/** Which of Play and Pass live in Telegram's bottom bar (the page leaves those out). */
export const bottom = { play: !!mainButton, pass: !!secondaryButton };

export function haptic(kind) {
  try {
    if (!tg || !tg.HapticFeedback) return;
    if (kind === "turn") tg.HapticFeedback.impactOccurred("medium");
    else if (kind === "select") tg.HapticFeedback.selectionChanged();
    else tg.HapticFeedback.notificationOccurred(kind);
  } catch (e) { /* an old client */ }
}

export function closingConfirmation(on) {
  try { if (tg) (on ? tg.enableClosingConfirmation : tg.disableClosingConfirmation).call(tg); } catch (e) { /* old */ }
}

/** ready, full height, no swipe-to-close, the header in the theme; ``press`` wires the bottom
 * buttons once: ``press.play`` and ``press.pass`` are called when they are pressed. */
export function setUpTelegram(press) {
  if (!tg) return;
  try {
    tg.ready(); tg.expand();
    if (tg.disableVerticalSwipes) tg.disableVerticalSwipes();
    if (tg.setHeaderColor && tg.themeParams && tg.themeParams.bg_color) tg.setHeaderColor(tg.themeParams.bg_color);
  } catch (e) { /* an old client */ }
  try {
    if (mainButton) mainButton.onClick(press.play);
    if (secondaryButton) secondaryButton.onClick(press.pass);
    if (tg.onEvent) tg.onEvent("themeChanged", () => { drawn.clear(); press.redraw(); });
  } catch (e) { /* an old client */ }
}

function colours(which) {
  const theme = (tg && tg.themeParams) || {};
  const main = which === "play";
  const params = {};
  const colour = main ? theme.button_color : theme.bottom_bar_bg_color || theme.secondary_bg_color;
  const text = main ? theme.button_text_color : theme.button_color;
  if (colour) params.color = colour;
  if (text) params.text_color = text;
  return params;
}

// what each button shows now: the client is told only what changes
const drawn = new Map();

function draw(button, which, text, want) {
  if (!button) return;
  const key = want.visible ? JSON.stringify([text, want]) : "hidden";
  if (drawn.get(which) === key) return;
  const was = drawn.get(which);
  drawn.set(which, key);
  try {
    // the progress first: hiding it makes the button active again (Telegram's script does)
    if (want.visible && want.progress) button.showProgress(false);
    else if (button.isProgressVisible) button.hideProgress();
    if (!want.visible) { if (was !== undefined) button.hide(); return; }
    const params = { text, ...colours(which), is_visible: true, is_active: want.active && !want.progress };
    if (which === "pass") params.position = "left";
    button.setParams(params);
  } catch (e) { drawn.delete(which); }
}

/** The bottom buttons as the table stands: ``play`` and ``pass`` are
 * ``{visible, active, progress}`` (progress: that action is on its way to the server). */
export function drawBottom(texts, play, pass) {
  draw(mainButton, "play", texts.play, play);
  draw(secondaryButton, "pass", texts.pass, pass);
}
