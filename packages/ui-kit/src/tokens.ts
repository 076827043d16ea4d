// The design tokens, mirrored from styles.css for code that needs values (charts, canvas, PDF).
export const tokens = {
  color: {
    brand: "#5b2bd6",
    brandHover: "#4a1fb8",
    brandActive: "#3d1899",
    brandSoft: "#efe9fd",
    ink: "#1c1633",
    inkMuted: "#4f4868",
    surface: "#ffffff",
    canvas: "#f7f5fc",
    border: "#ddd6ee",
    success: "#17703a",
    warning: "#8a5300",
    danger: "#b42318",
  },
  radius: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  space: { 1: "4px", 2: "8px", 3: "12px", 4: "16px", 5: "24px", 6: "32px", 7: "48px", 8: "64px" },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { xs: "0.75rem", sm: "0.875rem", md: "1rem", lg: "1.125rem", xl: "1.375rem", "2xl": "1.75rem", "3xl": "2.25rem", "4xl": "3rem" },
  },
} as const;

export type Tokens = typeof tokens;
