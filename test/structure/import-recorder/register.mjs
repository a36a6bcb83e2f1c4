// Installs ./hooks.mjs: `node --import tsx --import ./register.mjs …`.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
