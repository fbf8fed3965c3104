// A sign-up and log-in form rendered by React 18 (UMD build, no JSX): the
// fields carry both an aria-label and a placeholder, the terms open in a
// modal dialog, and the form validates on submit. The app is ours; the DOM
// is React's. window.FW_MUTANT (from /mutant.js) breaks one fact.
(function () {
  const h = React.createElement;
  const { useState, useEffect, useRef } = React;
  const mutant = window.FW_MUTANT || "";

  function Field(props) {
    return h("div", { className: "field" },
      h("input", {
        type: props.type || "text",
        "aria-label": props.label,
        placeholder: props.placeholder,
        value: props.value,
        "aria-invalid": props.error ? "true" : "false",
        onChange: (e) => props.onChange(e.target.value),
      }),
      props.error ? h("p", { className: "error" }, props.error) : null);
  }

  function TermsDialog(props) {
    const close = useRef(null);
    useEffect(() => { close.current && close.current.focus(); }, []);
    return h("div", { className: "backdrop" },
      h("div", { role: "dialog", "aria-modal": "true", "aria-labelledby": "terms-title",
        onKeyDown: (e) => { if (e.key === "Escape") props.onClose(); } },
        h("h2", { id: "terms-title" }, "Terms of service"),
        h("p", null, "You agree to be kind to the servers."),
        h("button", { ref: close, onClick: props.onClose }, "Close")));
  }

  function SignUp(props) {
    const [name, setName] = useState("");
    const [email, setEmail] = useState("");
    const [password, setPassword] = useState("");
    const [agreed, setAgreed] = useState(false);
    const [errors, setErrors] = useState({});
    const [terms, setTerms] = useState(false);
    function submit(e) {
      e.preventDefault();
      const errs = {};
      if (!name.trim()) errs.name = "Enter your name";
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) errs.email = "Enter a valid email address";
      if (password.length < 8) errs.password = "Password must be at least 8 characters";
      setErrors(errs);
      if (Object.keys(errs).length === 0) props.onDone(mutant === "react-welcome-email" ? email : name, email);
    }
    return h("form", { onSubmit: submit, noValidate: true, "aria-label": "Sign up" },
      h(Field, { label: "Full name", placeholder: "Jane Doe", value: name, onChange: setName, error: errors.name }),
      h(Field, { label: "Email", type: "email", placeholder: "you@example.com", value: email, onChange: setEmail, error: errors.email }),
      h(Field, { label: "Password", type: "password", placeholder: "At least 8 characters", value: password, onChange: setPassword, error: errors.password }),
      h("div", { className: "field" },
        h("input", { type: "checkbox", id: "agree", checked: agreed, onChange: (e) => setAgreed(e.target.checked) }),
        h("label", { htmlFor: "agree" }, "I agree to the terms"),
        " ",
        h("button", { type: "button", className: "linkish", onClick: () => setTerms(true) }, "Read the terms")),
      h("button", { type: "submit", disabled: !agreed && mutant !== "react-terms-ignored" }, "Create account"),
      terms ? h(TermsDialog, { onClose: () => setTerms(mutant === "react-dialog-stuck") }) : null);
  }

  function LogIn(props) {
    const [email, setEmail] = useState("");
    const [password, setPassword] = useState("");
    const [error, setError] = useState("");
    function submit(e) {
      e.preventDefault();
      if (email === "ann@example.com" && password === "correct horse") props.onDone("Ann", email);
      else setError("Wrong email or password");
    }
    return h("form", { onSubmit: submit, "aria-label": "Log in" },
      h(Field, { label: "Email", type: "email", placeholder: "you@example.com", value: email, onChange: setEmail }),
      h(Field, { label: "Password", type: "password", placeholder: "Your password", value: password, onChange: setPassword }),
      error ? h("p", { role: "alert" }, error) : null,
      h("button", { type: "submit" }, "Log in"));
  }

  function App() {
    const [tab, setTab] = useState("signup");
    const [user, setUser] = useState(null);
    if (user) {
      return h("main", null,
        h("h1", null, "Welcome, " + user.name + "!"),
        h("p", { role: "status" }, "We sent a confirmation link to " + user.email + "."),
        h("button", { onClick: () => setUser(null) }, "Sign out"));
    }
    const done = (name, email) => setUser({ name, email });
    return h("main", null,
      h("h1", null, "Acme account"),
      h("div", { role: "tablist", "aria-label": "Account" },
        h("button", { role: "tab", "aria-selected": tab === "signup", onClick: () => setTab("signup") }, "Sign up"),
        h("button", { role: "tab", "aria-selected": tab === "login", onClick: () => setTab("login") }, "Log in")),
      tab === "signup" ? h(SignUp, { onDone: done }) : h(LogIn, { onDone: done }));
  }

  ReactDOM.createRoot(document.getElementById("root")).render(h(App));
})();
