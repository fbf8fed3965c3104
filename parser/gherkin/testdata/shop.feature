# A feature file plaintest compiles with no step definitions: the demo
# shop's log-in and cart (demoshop), every step read by the rules.
@shop
Feature: Shopping at the demo shop

  Background:
    Given I am on /login
    When I fill in the form:
      | field    | value   |
      | Username | demo    |
      | Password | demo123 |
    And I click Log in

  @smoke
  Scenario: Logged in
    Then I should see Logged in as demo
    And I should not see Log in

  Scenario Outline: Add <item> to the cart
    When I go to /products
    And I add the <item> to the cart
    Then I should see Cart 1 item

    Examples:
      | item      |
      | Blue Mug  |
      | Green Tea |
