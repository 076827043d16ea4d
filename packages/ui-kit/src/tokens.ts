// The design tokens, mirrored from styles.css for code that needs values (charts, canvas, PDF).

/** The two themes (issue 36 §7). 'Automatico' is not a third palette: it is one of these, the system's. */
export type Theme = "light" | "dark";

/**
 * Every colour of the design system by its custom property in styles.css, in each theme. styles.css
 * is the source the browser reads; theme-tokens.test.ts keeps it equal to this table and checks
 * the pairs of text and background the components use against WCAG AA in both themes.
 */
export const themeColors = {
  light: {
    "--oy-brand": "#5b2bd6",
    "--oy-brand-hover": "#4a1fb8",
    "--oy-brand-active": "#3d1899",
    "--oy-brand-soft": "#efe9fd",
    "--oy-brand-ink": "#ffffff",
    "--oy-ink": "#1c1633",
    "--oy-ink-muted": "#4f4868",
    "--oy-surface": "#ffffff",
    "--oy-canvas": "#f7f5fc",
    "--oy-border": "#ddd6ee",
    "--oy-border-strong": "#8f86a8",
    "--oy-neutral-soft": "#ece9f3",
    "--oy-placeholder": "#6e6787",
    "--oy-success": "#17703a",
    "--oy-success-soft": "#e3f4e9",
    "--oy-warning": "#8a5300",
    "--oy-warning-soft": "#fdf1dc",
    "--oy-danger": "#b42318",
    "--oy-danger-hover": "#912018",
    "--oy-danger-soft": "#fde8e6",
    "--oy-danger-ink": "#ffffff",
    "--oy-info": "#1d4f91",
    "--oy-info-soft": "#e4eefb",
    "--oy-teal": "#0c6565",
    "--oy-teal-soft": "#e6f4f3",
    "--oy-star": "#b36b00",
    "--oy-toggle-off": "#d9d4e6",
    "--oy-toggle-knob": "#ffffff",
    "--oy-backdrop": "rgb(28 22 51 / 55%)",
    "--oy-banner": "#5b2bd6",
    "--oy-banner-end": "#3d1899",
    "--oy-banner-ink": "#ffffff",
    "--oy-banner-soft": "#efe9fd",
    "--oy-banner-veil": "rgb(255 255 255 / 12%)",
    "--oy-inverse": "#1c1633",
    "--oy-inverse-ink": "#e9e5f5",
    "--oy-inverse-link": "#ffffff",
    "--oy-highlight": "#ffe58a",
    "--oy-highlight-ink": "#1c1633",
    "--oy-paper": "#ffffff",
    "--oy-paper-selection": "rgb(91 43 214 / 25%)",
    "--oy-paper-mark": "rgb(255 200 0 / 45%)",
    "--oy-shadow-sm": "0 1px 2px rgb(28 22 51 / 8%)",
    "--oy-shadow-md": "0 6px 20px rgb(28 22 51 / 12%)",
    "--oy-shadow-lg": "0 18px 48px rgb(28 22 51 / 22%)",
  },
  // Light text on a purple-tinted night; the brand turns to a lighter violet so that it still
  // reads as text and carries dark text as a fill (primary buttons).
  dark: {
    "--oy-brand": "#b69cff",
    "--oy-brand-hover": "#c9b5ff",
    "--oy-brand-active": "#dcd0ff",
    "--oy-brand-soft": "#2d2550",
    "--oy-brand-ink": "#13111c",
    "--oy-ink": "#ece9f5",
    "--oy-ink-muted": "#b3adc7",
    "--oy-surface": "#1c1929",
    "--oy-canvas": "#13111c",
    "--oy-border": "#37314d",
    "--oy-border-strong": "#7f7799",
    "--oy-neutral-soft": "#2e2a3d",
    "--oy-placeholder": "#948daa",
    "--oy-success": "#6fd595",
    "--oy-success-soft": "#16301f",
    "--oy-warning": "#f0b55a",
    "--oy-warning-soft": "#33260f",
    "--oy-danger": "#ff8f84",
    "--oy-danger-hover": "#ffb1a9",
    "--oy-danger-soft": "#3a1a1a",
    "--oy-danger-ink": "#13111c",
    "--oy-info": "#8cb8ff",
    "--oy-info-soft": "#172a45",
    "--oy-teal": "#5fcfc4",
    "--oy-teal-soft": "#14302e",
    "--oy-star": "#f0b040",
    "--oy-toggle-off": "#3d3654",
    "--oy-toggle-knob": "#ece9f5",
    "--oy-backdrop": "rgb(0 0 0 / 65%)",
    // The landing's banner stays a deep purple under white text: a light violet field would glare.
    "--oy-banner": "#4a22b5",
    "--oy-banner-end": "#2a1070",
    "--oy-banner-ink": "#ffffff",
    "--oy-banner-soft": "#e4dcff",
    "--oy-banner-veil": "rgb(255 255 255 / 12%)",
    "--oy-inverse": "#0b0a10",
    "--oy-inverse-ink": "#e9e5f5",
    "--oy-inverse-link": "#ffffff",
    // A highlighter's yellow under dark text reads as a mark in both themes.
    "--oy-highlight": "#ffe58a",
    "--oy-highlight-ink": "#1c1633",
    // A document's page is paper, white in both themes, as the document itself is.
    "--oy-paper": "#ffffff",
    "--oy-paper-selection": "rgb(91 43 214 / 25%)",
    "--oy-paper-mark": "rgb(255 200 0 / 45%)",
    "--oy-shadow-sm": "0 1px 2px rgb(0 0 0 / 40%)",
    "--oy-shadow-md": "0 6px 20px rgb(0 0 0 / 50%)",
    "--oy-shadow-lg": "0 18px 48px rgb(0 0 0 / 60%)",
  },
} as const satisfies Record<Theme, Record<string, string>>;

export type ColorToken = keyof (typeof themeColors)["light"];

const light = themeColors.light;

export const tokens = {
  /** The light theme's colours: what a printed page (a PDF export) uses. */
  color: {
    brand: light["--oy-brand"],
    brandHover: light["--oy-brand-hover"],
    brandActive: light["--oy-brand-active"],
    brandSoft: light["--oy-brand-soft"],
    ink: light["--oy-ink"],
    inkMuted: light["--oy-ink-muted"],
    surface: light["--oy-surface"],
    canvas: light["--oy-canvas"],
    border: light["--oy-border"],
    success: light["--oy-success"],
    warning: light["--oy-warning"],
    danger: light["--oy-danger"],
  },
  radius: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  space: { 1: "4px", 2: "8px", 3: "12px", 4: "16px", 5: "24px", 6: "32px", 7: "48px", 8: "64px" },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { xs: "0.75rem", sm: "0.875rem", md: "1rem", lg: "1.125rem", xl: "1.375rem", "2xl": "1.75rem", "3xl": "2.25rem", "4xl": "3rem" },
  },
} as const;

export type Tokens = typeof tokens;
