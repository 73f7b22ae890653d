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
    },
  },
  plugins: [],
} satisfies Config;
