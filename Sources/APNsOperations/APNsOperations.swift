// Use cases where the libraries meet (docs/architecture.md): each is a function or a small type with typed input and
// a typed result, tested in process. The CLI parses, calls one of them, and renders.
