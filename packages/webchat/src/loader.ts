/**
 * The script host pages include: `<script src="https://…/webchat.js" data-deployment="KEY">`.
 * It stays tiny: it fetches the deployment's style, draws the launcher inside a shadow root (the
 * page's CSS cannot reach it), reports the page view, and loads the chat window's code on first open.
 *
 * Options on the tag: `data-layout="fullpage"` fills the page and opens at once (the tester);
 * `data-preview="true"` takes its config from `postMessage` and shows a sample (the styling editor).
 */
import type { BotMessage, WebchatConfig, WebchatStyle } from '@parley/contracts';
import { pickStrings, themeVariables } from './theme';
import type { MountedWidget, WidgetOptions } from './widget-options';

const ICONS: Record<WebchatStyle['launcherIcon'] | 'close', string> = {
  chat: 'M4 5h16v11H8l-4 4z',
  sparkle: 'M12 3l2.2 6.1L20 12l-5.8 2.9L12 21l-2.2-6.1L4 12l5.8-2.9z',
  help: 'M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18zm0-5v.5M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14',
  wave: 'M7 11V6.5a1.5 1.5 0 0 1 3 0V11m0-1V4.5a1.5 1.5 0 0 1 3 0V10m0 0V5.5a1.5 1.5 0 0 1 3 0V13a7 7 0 0 1-12.3 4.6L3 14.5a1.5 1.5 0 0 1 2.3-1.9L7 14.5',
  close: 'M6 6l12 12M18 6L6 18',
};

const CSS = `:host{all:initial}
.launcher{position:fixed;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;cursor:pointer;display:grid;place-items:center;background:var(--pc-primary);color:var(--pc-on-primary);box-shadow:0 6px 20px rgba(15,23,42,.25);z-index:2147483000;transition:transform .15s}
.launcher:hover{transform:scale(1.06)}
.launcher:focus-visible{outline:3px solid var(--pc-primary);outline-offset:3px}
.launcher svg{width:26px;height:26px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.right{right:20px}.left{left:20px}`;

function icon(name: keyof typeof ICONS): string {
  return `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${ICONS[name]}"/></svg>`;
}

function telemetry(baseUrl: string, config: WebchatConfig) {
  let session = sessionStorage.getItem('parley:session');
  if (!session) {
    session = Math.random().toString(36).slice(2);
    sessionStorage.setItem('parley:session', session);
  }
  // An anonymous id that outlives the tab, so reports can count visitors, not only sessions.
  let visitor = localStorage.getItem('parley:visitor');
  if (!visitor) {
    // getRandomValues works on plain-http pages too (randomUUID needs a secure context).
    visitor = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
    localStorage.setItem('parley:visitor', visitor);
  }
  const send = (baseType: string, baseData: Record<string, unknown>) =>
    fetch(baseUrl + config.telemetry.endpointPath, {
      method: 'POST',
      // text/plain keeps it a simple request: no preflight from the host page.
      headers: { 'content-type': 'text/plain' },
      keepalive: true,
      body: JSON.stringify([
        {
          name: `Microsoft.ApplicationInsights.${baseType.replace('Data', '')}`,
          time: new Date().toISOString(),
          iKey: config.telemetry.instrumentationKey,
          tags: { 'ai.session.id': session, 'ai.user.id': visitor, 'ai.cloud.role': 'webchat' },
          data: { baseType, baseData: { ver: 2, ...baseData } },
        },
      ]),
    }).catch(() => undefined);
  const page = () => ({
    'Page Domain': location.hostname,
    'Page URL': location.href,
    'Deployment Key': config.deploymentKey,
  });
  return {
    pageView: () =>
      send('PageviewData', {
        name: document.title || location.pathname,
        url: location.href,
        properties: page(),
      }),
    track: (name: string, properties: Record<string, string> = {}) =>
      send('EventData', { name, properties: { ...page(), ...properties } }),
  };
}

function boot(script: HTMLScriptElement): void {
  const baseUrl = new URL(script.src, location.href).origin;
  const key = script.dataset.deployment ?? '';
  const layout = script.dataset.layout === 'fullpage' ? 'fullpage' : 'floating';
  const preview = script.dataset.preview === 'true';
  const openKey = `parley:open:${key}`;
  const languageKey = `parley:language:${key}`;
  // The visitor's own pick in the widget's menu, else the page's setting, else the browser's.
  let language = localStorage.getItem(languageKey) ?? script.dataset.language ?? navigator.language;

  const host = document.createElement('div');
  host.setAttribute('data-parley-webchat', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${CSS}</style><button class="launcher" type="button" aria-haspopup="dialog" aria-expanded="false"></button><div part="window"></div>`;
  const launcher = root.querySelector('button') as HTMLButtonElement;
  const slot = root.querySelector('div') as HTMLDivElement;
  let config: WebchatConfig | undefined;
  // What the bot says first, as the styling preview shows it (posted by the editor with the style).
  let opening: BotMessage[] = [];
  let widget: MountedWidget | undefined;
  let loading: Promise<MountedWidget> | undefined;
  let open = false;
  let tracker: ReturnType<typeof telemetry> | undefined;

  const strings = (current: WebchatConfig) => pickStrings(current.style, current.language, language);

  function paint(current: WebchatConfig): void {
    host.setAttribute('style', themeVariables(current.style));
    launcher.className = `launcher ${current.style.position}`;
    launcher.hidden = layout === 'fullpage';
    launcher.innerHTML = icon(open ? 'close' : current.style.launcherIcon);
    launcher.setAttribute('aria-label', open ? strings(current).close : strings(current).open);
    launcher.setAttribute('aria-expanded', String(open));
    widget?.update(current, strings(current), language);
  }

  function load(current: WebchatConfig): Promise<MountedWidget> {
    loading ??= import(/* @vite-ignore */ `${baseUrl}/webchat/app.js`).then(
      (module: { mount(root: ShadowRoot, slot: HTMLElement, options: WidgetOptions): MountedWidget }) =>
        (widget = module.mount(root, slot, {
          baseUrl,
          config: current,
          strings: strings(current),
          language,
          onLanguageChange: (picked) => {
            language = picked;
            if (!preview) localStorage.setItem(languageKey, picked);
            if (config) paint(config);
          },
          layout,
          preview,
          opening,
          track: (name, properties) => tracker?.track(name, properties),
          onClose: () => setOpen(false, true),
        })),
    );
    return loading;
  }

  async function setOpen(next: boolean, focusLauncher = false): Promise<void> {
    if (!config || open === next) return;
    open = next;
    if (!preview) sessionStorage.setItem(openKey, next ? '1' : '');
    slot.hidden = !next;
    paint(config);
    if (next) {
      tracker?.track('Chat Opened');
      await load(config);
    } else if (focusLauncher) launcher.focus();
  }

  launcher.addEventListener('click', () => void setOpen(!open));

  function show(current: WebchatConfig): void {
    // One widget a page, even when a page (or a single-page app) includes the tag twice.
    if (!host.isConnected && document.querySelector('[data-parley-webchat]')) return;
    config = current;
    if (!host.isConnected) document.body.appendChild(host);
    paint(current);
    if (layout === 'fullpage' || preview || sessionStorage.getItem(openKey)) void setOpen(true);
  }

  if (preview) {
    // The editor posts the draft style; only its own window (the parent) is listened to.
    addEventListener(
      'message',
      (event: MessageEvent<{ type?: string; config?: WebchatConfig; opening?: BotMessage[] }>) => {
        if (event.source !== parent || event.data?.type !== 'parley:preview' || !event.data.config) return;
        opening = event.data.opening ?? opening;
        show(event.data.config);
      },
    );
    parent.postMessage({ type: 'parley:preview-ready' }, '*');
    return;
  }
  if (!key) {
    console.error('Parley web chat: add data-deployment="…" to the script tag');
    return;
  }
  fetch(`${baseUrl}/api/chat/deployments/${encodeURIComponent(key)}/config`)
    .then((response) =>
      response.ok ? (response.json() as Promise<WebchatConfig>) : Promise.reject(response.status),
    )
    .then((current) => {
      tracker = telemetry(baseUrl, current);
      void tracker.pageView();
      show(current);
    })
    .catch((status) => console.error(`Parley web chat: this chat is not available (${status})`));
}

const script = document.currentScript;
if (script instanceof HTMLScriptElement) {
  if (document.body) boot(script);
  else addEventListener('DOMContentLoaded', () => boot(script));
}
