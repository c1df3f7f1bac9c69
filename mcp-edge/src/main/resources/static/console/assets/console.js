// Quiver console: a light touch of progressive enhancement. Every form works without it.
(function () {
  'use strict';

  // Ask before destructive actions.
  document.querySelectorAll('form[data-confirm]').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      if (!window.confirm(form.getAttribute('data-confirm'))) {
        event.preventDefault();
      }
    });
  });

  // Show only the fields of the chosen credential type.
  document.querySelectorAll('[data-credential]').forEach(function (fieldset) {
    var type = fieldset.querySelector('select[name="credentialType"]');
    function sync() {
      fieldset.querySelectorAll('[data-for]').forEach(function (field) {
        field.hidden = field.getAttribute('data-for') !== type.value;
      });
    }
    type.addEventListener('change', sync);
    sync();
  });

  // Show only the fields of the chosen connector kind.
  document.querySelectorAll('[data-kind-switch]').forEach(function (form) {
    var kind = form.querySelector('select[name="kind"]');
    function sync() {
      form.querySelectorAll('[data-kind]').forEach(function (field) {
        field.hidden = field.getAttribute('data-kind') !== kind.value;
      });
    }
    kind.addEventListener('change', sync);
    sync();
  });

  // Load a chosen file into a textarea (no multipart upload needed).
  document.querySelectorAll('input[type="file"][data-load-into]').forEach(function (input) {
    input.addEventListener('change', function () {
      var file = input.files && input.files[0];
      if (!file) {
        return;
      }
      var reader = new FileReader();
      reader.onload = function () {
        document.getElementById(input.getAttribute('data-load-into')).value = reader.result;
      };
      reader.readAsText(file);
    });
  });
}());
