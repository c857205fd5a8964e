/**
 * The chat window's CSS, inside the shadow root; colors and shapes come from the theme variables.
 * A page may set `--parley-fullpage-top` to start the full-page window under a bar of its own
 * (the tester's line saying what it runs).
 */
export const windowCss = `
.pc-window{position:fixed;bottom:88px;width:380px;height:min(640px,calc(100vh - 112px));display:flex;flex-direction:column;background:var(--pc-bg);color:var(--pc-text);font:15px/1.45 var(--pc-font);border-radius:16px;box-shadow:0 12px 40px rgba(15,23,42,.28);overflow:hidden;z-index:2147483000;box-sizing:border-box}
.pc-window *{box-sizing:border-box}
.pc-right{right:20px}.pc-left{left:20px}
.pc-fullpage{inset:0;width:auto;height:auto;border-radius:0;box-shadow:none}
.pc-window.pc-fullpage{top:var(--parley-fullpage-top,0px)}
.pc-fullpage .pc-log,.pc-fullpage .pc-composer{padding-inline:max(16px,calc(50% - 380px))}
@media (max-width:440px){.pc-window{inset:0;width:auto;height:auto;border-radius:0}}
.pc-header{display:flex;align-items:center;gap:10px;padding:12px 12px 12px 16px;background:var(--pc-primary);color:var(--pc-on-primary)}
.pc-header h2{flex:1;margin:0;font-size:16px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pc-avatar{width:34px;height:34px;border-radius:50%;object-fit:cover;display:grid;place-items:center;font-weight:700;background:rgba(255,255,255,.22)}
.pc-icon-button{width:36px;height:36px;display:grid;place-items:center;border:0;border-radius:8px;background:transparent;color:inherit;cursor:pointer}
.pc-icon-button:hover{background:rgba(255,255,255,.16)}
.pc-language{position:relative;display:flex;align-items:center;gap:4px;padding:0 6px;height:36px;border-radius:8px;cursor:pointer;font-size:13px;font-weight:600;flex-shrink:0}
.pc-language:hover,.pc-language:focus-within{background:rgba(255,255,255,.16)}
.pc-language select{position:absolute;inset:0;width:100%;opacity:0;border:0;font:inherit;cursor:pointer}
.pc-language option{color:#0f172a}
.pc-language:has(select:focus-visible){outline:3px solid var(--pc-on-primary);outline-offset:2px}
svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
button:focus-visible,a:focus-visible,textarea:focus-visible,.pc-log:focus-visible{outline:3px solid var(--pc-primary);outline-offset:2px}
.pc-header button:focus-visible{outline-color:var(--pc-on-primary)}
.pc-status,.pc-error{margin:0;padding:8px 16px;font-size:13px;background:#fef3c7;color:#78350f}
.pc-error{background:#fee2e2;color:#7f1d1d}
.pc-log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:10px}
.pc-welcome{margin:0 0 4px;text-align:center;color:var(--pc-muted);font-size:13px}
.pc-row{display:flex;flex-direction:column;align-items:flex-start;gap:6px;max-width:85%}
.pc-from-user{align-self:flex-end;align-items:flex-end}
.pc-label{font-size:12px;font-weight:600;color:var(--pc-muted)}
.pc-bubble{padding:9px 13px;border-radius:var(--pc-radius);background:var(--pc-bubble);color:var(--pc-on-bubble);overflow-wrap:anywhere;white-space:pre-wrap}
.pc-bubble p,.pc-bubble ul,.pc-bubble ol{margin:0;white-space:normal}
.pc-bubble p+p,.pc-bubble p+ul,.pc-bubble ul+p{margin-top:8px}
.pc-bubble ul,.pc-bubble ol{padding-left:20px}
.pc-bubble a{color:inherit;text-decoration:underline}
.pc-bubble ol.pc-citations{list-style:none;padding:6px 0 0;margin:8px 0 0;border-top:1px solid color-mix(in srgb,currentColor 18%,transparent);font-size:12px;opacity:.85;white-space:normal}
.pc-citations li+li{margin-top:2px}
.pc-citation-number{font-weight:600}
.pc-bubble code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;padding:1px 4px;border-radius:4px;background:rgba(127,127,127,.18)}
.pc-from-user .pc-bubble{background:var(--pc-primary);color:var(--pc-on-primary)}
.pc-from-agent .pc-bubble{background:var(--pc-bg);color:var(--pc-text);border:1px solid var(--pc-primary)}
[data-delivery=pending] .pc-bubble{opacity:.65}
[data-delivery=failed] .pc-bubble{opacity:.65}
.pc-retry{border:0;background:none;color:#b91c1c;font:inherit;font-size:12px;text-decoration:underline;cursor:pointer;padding:0}
.pc-buttons{display:flex;flex-wrap:wrap;gap:6px}
.pc-button{display:inline-block;padding:7px 14px;border:1.5px solid var(--pc-primary);border-radius:999px;background:var(--pc-bg);color:var(--pc-text);font:inherit;font-size:14px;text-decoration:none;cursor:pointer}
.pc-button:hover:not(:disabled){background:var(--pc-primary);color:var(--pc-on-primary)}
.pc-button:disabled{cursor:default;border-color:var(--pc-border);color:var(--pc-muted)}
.pc-card{width:230px;border:1px solid var(--pc-border);border-radius:12px;overflow:hidden;background:var(--pc-bg)}
.pc-card img{display:block;width:100%;height:130px;object-fit:cover}
.pc-card-body{padding:10px 12px}
.pc-card h3{margin:0;font-size:15px}
.pc-card p{margin:4px 0 0;font-size:13px;color:var(--pc-muted)}
.pc-card .pc-buttons{padding:0 12px 12px}
.pc-carousel{max-width:100%}
.pc-from-bot:has(.pc-carousel){max-width:100%}
.pc-carousel ul{display:flex;gap:10px;margin:0;padding:0 0 4px;list-style:none;overflow-x:auto;scroll-snap-type:x mandatory}
.pc-carousel li{scroll-snap-align:start;flex:none}
.pc-carousel-nav{display:flex;gap:6px;margin-top:6px}
.pc-carousel-nav button{width:32px;height:32px;border:1px solid var(--pc-border);border-radius:50%;background:var(--pc-bg);color:var(--pc-text);font-size:18px;cursor:pointer}
.pc-typing{display:flex;gap:4px;padding:13px 14px}
.pc-typing span{width:7px;height:7px;border-radius:50%;background:currentColor;opacity:.45;animation:pc-blink 1.2s infinite}
.pc-typing span:nth-child(2){animation-delay:.2s}.pc-typing span:nth-child(3){animation-delay:.4s}
@keyframes pc-blink{30%{opacity:1;transform:translateY(-2px)}}
@media (prefers-reduced-motion:reduce){.pc-typing span{animation:none}}
.pc-composer{display:flex;align-items:flex-end;gap:8px;padding:10px 12px;border-top:1px solid var(--pc-border)}
.pc-composer textarea{flex:1;resize:none;max-height:120px;padding:9px 12px;border:1px solid var(--pc-border);border-radius:12px;background:var(--pc-bg);color:var(--pc-text);font:inherit}
.pc-composer textarea::placeholder{color:var(--pc-muted)}
.pc-send{width:40px;height:40px;flex:none;display:grid;place-items:center;border:0;border-radius:50%;background:var(--pc-primary);color:var(--pc-on-primary);cursor:pointer}
.pc-send:disabled{opacity:.5;cursor:default}
`;
