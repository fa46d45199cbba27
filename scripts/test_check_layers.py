"""Tests of scripts/check-layers: run as `python3 -m unittest scripts/test_check_layers.py`."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "check-layers")

WEB_MODULES = ["WebCore", "ScholarWeb", "BarcodesWeb", "TicketsWeb", "OrdersWeb", "ShopWeb", "BottegaWeb"]


def target(name, dependencies=(), kind="regular"):
    return {"name": name, "type": kind, "path": None, "dependencies": list(dependencies)}


def by_name(name):
    return {"byName": [name, None]}


def module(name):
    return {"target": [name, None]}


def product(name, package):
    return {"product": [name, package, None, None]}


def layout(**changed):
    """The issue-37 layout, each web module on WebCore and its own Kits; `changed` replaces targets by name (None removes one)."""
    targets = {
        "WebCore": target("WebCore", [product("Hummingbird", "hummingbird"), by_name("Fetch")]),
        "ScholarWeb": target("ScholarWeb", [by_name("WebCore"), by_name("ScholarKit")]),
        "BarcodesWeb": target("BarcodesWeb", [by_name("WebCore"), by_name("BarcodeKit"), by_name("BarcodeWallet")]),
        "TicketsWeb": target("TicketsWeb", [by_name("WebCore"), by_name("TicketKit")]),
        "OrdersWeb": target("OrdersWeb", [by_name("WebCore"), by_name("OrderKit"), by_name("OrderCompany"), by_name("OrderTransport")]),
        "ShopWeb": target("ShopWeb", [by_name("WebCore"), module("ShopKit"), by_name("ShopReplay")]),
        "BottegaWeb": target("BottegaWeb", [by_name(name) for name in WEB_MODULES[:-1]]),
        "Fetch": target("Fetch"),
        "ScholarKit": target("ScholarKit", [by_name("Fetch")]),
        "BarcodeKit": target("BarcodeKit"),
        "BarcodeWallet": target("BarcodeWallet", [by_name("BarcodeKit")]),
        "TicketKit": target("TicketKit", [by_name("BarcodeKit")]),
        "OrderKit": target("OrderKit"),
        "OrderCompany": target("OrderCompany", [by_name("OrderKit")]),
        "OrderTransport": target("OrderTransport", [by_name("OrderKit")]),
        "ShopKit": target("ShopKit"),
        "ShopReplay": target("ShopReplay", [by_name("ShopKit")]),
        "WebTests": dict(target("WebTests", [by_name(name) for name in WEB_MODULES], kind="test"), path="Tests/WebTests"),
    }
    targets.update(changed)
    return [value for value in targets.values() if value is not None]


class CheckLayersTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="check-layers-")
        self.write("Sources/WebCore/Router.swift", "import Foundation\n@preconcurrency import Hummingbird\nimport Fetch\n")
        self.write("Sources/ScholarWeb/ScholarRoutes.swift", "import WebCore\nimport ScholarKit\n")
        self.write("Sources/TicketsWeb/TicketRoutes.swift", "import WebCore\nimport TicketKit\n")
        self.write("Sources/OrdersWeb/OrderRoutes.swift", "import WebCore\nimport OrderKit\nimport struct OrderCompany.Company\n")
        self.write("Sources/BottegaWeb/Application.swift", "".join(f"import {name}\n" for name in WEB_MODULES[:-1]))

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, relative, text):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)

    def run_check(self, targets):
        package_json = os.path.join(self.root, "package.json")
        with open(package_json, "w") as handle:
            json.dump({"targets": targets}, handle)
        return subprocess.run([sys.executable, SCRIPT, "--package-json", package_json, "--root", self.root],
                              capture_output=True, text=True)

    def assertFails(self, result, *messages):
        self.assertEqual(result.returncode, 1, result.stdout)
        for message in messages:
            self.assertIn(message, result.stderr)

    def test_the_clean_layout_passes_with_a_one_line_summary(self):
        result = self.run_check(layout())
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        self.assertEqual(len(result.stdout.splitlines()), 1)
        self.assertIn("WebCore and 5 app web modules keep to their layers", result.stdout)

    def test_web_core_importing_an_app_kit_fails_with_its_file_and_line(self):
        self.write("Sources/WebCore/Search.swift", "import Foundation\n\nimport ScholarKit\n")
        self.assertFails(self.run_check(layout()), "Sources/WebCore/Search.swift:3: WebCore imports ScholarKit: ScholarKit is ScholarWeb's Kit")

    def test_web_core_importing_a_web_module_fails(self):
        self.write("Sources/WebCore/Assembly.swift", "import BottegaWeb\n")
        self.assertFails(self.run_check(layout()), "Sources/WebCore/Assembly.swift:1: WebCore imports BottegaWeb")

    def test_web_core_depending_on_a_kit_in_package_swift_fails_without_an_import(self):
        result = self.run_check(layout(WebCore=target("WebCore", [by_name("Fetch"), module("OrderKit")])))
        self.assertFails(result, "Package.swift: WebCore depends on OrderKit: OrderKit is OrdersWeb's Kit")

    def test_an_app_web_module_importing_another_apps_fails(self):
        self.write("Sources/ScholarWeb/Foo.swift", "import Foundation\nimport WebCore\nimport BarcodesWeb\n")
        self.assertFails(self.run_check(layout()), "Sources/ScholarWeb/Foo.swift:3: ScholarWeb imports BarcodesWeb: "
                         "an app's web module may not import another app's; put what both need in WebCore (or a Kit)")

    def test_a_testable_import_of_another_apps_web_module_fails(self):
        self.write("Sources/OrdersWeb/Tickets.swift", "@testable import TicketsWeb\n")
        self.assertFails(self.run_check(layout()), "Sources/OrdersWeb/Tickets.swift:1: OrdersWeb imports TicketsWeb")

    def test_an_app_web_module_depending_on_the_assembly_fails(self):
        result = self.run_check(layout(ShopWeb=target("ShopWeb", [by_name("WebCore"), by_name("ShopKit"), by_name("BottegaWeb")])))
        self.assertFails(result, "Package.swift: ShopWeb depends on BottegaWeb")

    def test_another_apps_kit_is_allowed_only_where_the_apps_own_kit_depends_on_it(self):
        self.write("Sources/TicketsWeb/Scanner.swift", "import WebCore\npublic import BarcodeKit\n")
        tickets_web = target("TicketsWeb", [by_name("WebCore"), by_name("TicketKit"), by_name("BarcodeKit")])
        passing = self.run_check(layout(TicketsWeb=tickets_web))
        self.assertEqual(passing.returncode, 0, passing.stderr)
        failing = self.run_check(layout(TicketsWeb=tickets_web, TicketKit=target("TicketKit")))
        self.assertFails(failing, "Sources/TicketsWeb/Scanner.swift:2: TicketsWeb imports BarcodeKit: BarcodeKit is BarcodesWeb's Kit "
                         "and none of TicketsWeb's own Kits (TicketKit) depend on it",
                         "Package.swift: TicketsWeb depends on BarcodeKit")

    def test_a_kit_reached_through_a_module_no_app_owns_counts_as_a_dependency(self):
        self.write("Sources/TicketsWeb/Scanner.swift", "import BarcodeKit\n")
        result = self.run_check(layout(TicketKit=target("TicketKit", [by_name("Shared")]), Shared=target("Shared", [by_name("BarcodeKit")])))
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_an_app_web_module_may_not_use_a_kit_no_own_kit_depends_on(self):
        self.write("Sources/ScholarWeb/Tickets.swift", "import TicketKit\n")
        self.assertFails(self.run_check(layout()), "Sources/ScholarWeb/Tickets.swift:1: ScholarWeb imports TicketKit")

    def test_a_missing_web_core_target_fails(self):
        result = self.run_check(layout(WebCore=None))
        self.assertFails(result, "Package.swift: WebCore is not a target")
        self.assertNotIn("ScholarWeb is not a target", result.stderr)

    def test_a_web_module_that_is_only_a_test_target_counts_as_missing(self):
        self.assertFails(self.run_check(layout(ShopWeb=target("ShopWeb", kind="test"))), "Package.swift: ShopWeb is not a target")

    def test_a_test_target_importing_anything_passes(self):
        self.write("Tests/WebTests/Everything.swift", "".join(f"@testable import {name}\n" for name in WEB_MODULES + ["ScholarKit", "ShopKit"]))
        self.assertEqual(self.run_check(layout()).returncode, 0)

    def test_the_assembly_may_import_everything(self):
        self.write("Sources/BottegaWeb/Kits.swift", "import ScholarKit\nimport TicketKit\nimport ShopReplay\n")
        self.assertEqual(self.run_check(layout()).returncode, 0)

    def test_a_custom_target_path_is_where_the_files_are_read(self):
        self.write("Web/Core/Leak.swift", "import ShopKit\n")
        result = self.run_check(layout(WebCore=dict(target("WebCore"), path="Web/Core")))
        self.assertFails(result, "Web/Core/Leak.swift:1: WebCore imports ShopKit")

    def test_an_import_in_a_comment_is_not_an_import(self):
        self.write("Sources/ScholarWeb/Note.swift", "// import BarcodesWeb would be wrong here\nimport WebCore // not ShopWeb\n")
        self.assertEqual(self.run_check(layout()).returncode, 0)

    def test_every_violation_is_listed(self):
        self.write("Sources/ScholarWeb/Two.swift", "import ShopWeb\nimport OrderKit\n")
        self.write("Sources/WebCore/One.swift", "import ShopReplay\n")
        result = self.run_check(layout())
        self.assertFails(result, "Two.swift:1: ScholarWeb imports ShopWeb", "Two.swift:2: ScholarWeb imports OrderKit",
                         "One.swift:1: WebCore imports ShopReplay", "3 problem(s)")


if __name__ == "__main__":
    unittest.main()
