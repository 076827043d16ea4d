import { expect, test, type Locator, type Page } from "@playwright/test";

// Issue 25 / issue 28 §5: what a hostile text (../shared/security/xss-payloads.txt) must never do
// on a page — run a script, open a dialog, put a handler or a dangerous address in the DOM, or make
// the browser ask another origin for anything.

/** No element a payload could have made, no handler, no dangerous address, inside `region`. */
export async function expectInert(region: Locator) {
  expect(
    await region
      .locator("script, iframe, object, embed, form, input, img, svg, video, picture, link, meta, base, style, template, math")
      .count(),
  ).toBe(0);
  await expectNoHandlers(region);
}

/**
 * No `on*` attribute on any element of `region`, and no javascript:, vbscript:, data:text or
 * exfiltrating address in an attribute a browser follows or loads (text such as an aria-label
 * may say anything).
 */
export async function expectNoHandlers(region: Locator) {
  const attributes = await region.evaluate((root) => {
    const followed = /^(href|src|srcset|srcdoc|action|formaction|xlink:href|poster|data|background|style|content|ping|manifest)$/i;
    return [root, ...root.querySelectorAll("*")].flatMap((element) =>
      [...element.attributes]
        .filter(
          (attribute) =>
            /^on/i.test(attribute.name) ||
            (followed.test(attribute.name) && /javascript:|vbscript:|exfil|data:text/i.test(attribute.value)),
        )
        .map((attribute) => `${element.tagName} ${attribute.name}="${attribute.value}"`),
    );
  });
  expect(attributes).toEqual([]);
}

export type HostileWatch = {
  /** What alert(), confirm() or prompt() would have said. */
  dialogs: string[];
  /** Requests the page made to any origin but the product's. */
  outside: string[];
};

/** Records every dialog (dismissed) and every request the page sends to another origin. */
export function watchHostilePage(page: Page, origin = new URL(test.info().project.use.baseURL!).origin): HostileWatch {
  const watch: HostileWatch = { dialogs: [], outside: [] };
  page.on("dialog", (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("request", (request) => {
    if (!/^(data|blob):/.test(request.url()) && new URL(request.url()).origin !== origin) watch.outside.push(request.url());
  });
  return watch;
}
