import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef4ff",
          100: "#dbe6ff",
          500: "#4f6bff",
          600: "#3b50e6",
          700: "#2f3fb8",
          900: "#171c45",
        },
      },
      // toasts come in from above; only under motion-safe: (prefers-reduced-motion), see app/components/ui/toast.tsx
      keyframes: {
        "toast-in": {
          from: { opacity: "0", transform: "translateY(-0.5rem)" },
          to: { opacity: "1", transform: "none" },
        },
      },
      animation: {
        "toast-in": "toast-in 200ms ease-out",
      },
    },
  },
  plugins: [],
} satisfies Config;
