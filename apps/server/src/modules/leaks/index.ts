// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Nothing yet: leak cases are used only through their routes.
export {};
